// Generated code and feature kits import APICoreKit alone and still see the GraphQL contract types, and an app
// configures its normalized cache without importing APICoreCache itself.
@_exported import APICoreCache
@_exported import APICoreGraphQL
