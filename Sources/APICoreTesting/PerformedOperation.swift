import APICoreKit

/// A GraphQL operation that went through a ``MockGraphQLClient``: one entry per HTTP request the client sent.
public struct PerformedOperation: Sendable, Hashable {
    /// The operation name (`anonymous query` for an unnamed operation).
    public let name: String
    /// Whether it was a query, a mutation or a subscription.
    public let type: GraphQLOperationType
    /// The variables as sent.
    public let variables: JSONObject
    /// The document text as sent; `nil` for a hash-only persisted query.
    public let document: String?

    /// A performed operation with the given members.
    public init(name: String, type: GraphQLOperationType, variables: JSONObject = JSONObject(), document: String?) {
        self.name = name
        self.type = type
        self.variables = variables
        self.document = document
    }

    /// The operation carried by a recorded request; `nil` for a REST request.
    init?(_ request: HTTPRequest) {
        guard case .graphQL(let type) = request.kind else { return nil }
        let recorded = RecordedGraphQLRequest(request)
        self.init(
            name: request.operationName, type: type, variables: recorded?.variables ?? JSONObject(),
            document: recorded?.query)
    }
}
