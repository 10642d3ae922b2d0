// Generated code and feature kits import APICoreKit alone and still see the GraphQL contract types, an app configures
// its normalized cache without importing APICoreCache itself, and hand-written code reads and writes JSON (the reader,
// the writer and `Codable` over `JSONValue`) without importing APICoreJSON.
@_exported import APICoreCache
@_exported import APICoreGraphQL
@_exported import APICoreJSON
@_exported import APICoreScalars
