/// What a demo server received in one GraphQL request over HTTP, for tests to check what a client sent: never the
/// variables or the document's text.
public struct DemoGraphQLRequestRecord: Sendable, Hashable {
    /// `GET` or `POST`.
    public var method: String
    /// The `operationName` parameter, if any.
    public var operationName: String?
    /// Whether the request carried a document (a `query` parameter).
    public var hasDocument: Bool
    /// The `extensions.persistedQuery.sha256Hash` parameter, if any.
    public var persistedQueryID: String?
    /// The `apollographql-client-name` header field, if any.
    public var clientName: String?
    /// The `apollographql-client-version` header field, if any.
    public var clientVersion: String?
}
