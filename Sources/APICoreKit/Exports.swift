// Generated code and feature kits import APICoreKit alone and still see the GraphQL contract types.
@_exported import APICoreGraphQL
