import Foundation

/// A GraphQL-over-HTTP response read into its envelope; what its status, media type and body mean is decided by
/// ``HTTPResponseClassifier``, as for REST calls.
///
/// It keeps the response's status, header fields and size but not its body bytes: once read, the bytes are freed
/// before the data is decoded and normalized, so a large response does not hold its text beside its values.
struct GraphQLHTTPResponse {
    let body: GraphQLResponseBody
    /// The response without its body.
    let response: HTTPResponse
    /// The size of the body that was read, in bytes.
    let responseBytes: Int

    init(_ response: HTTPResponse, operationName: String, reader: JSONReader) throws(APIError) {
        body = try HTTPResponseClassifier(api: .graphQL, operationName: operationName, reader: reader)
            .graphQLBody(of: response)
        var head = response
        head.body = Data()
        self.response = head
        responseBytes = response.body.count
    }

    /// Where the result came from, for the result pipeline.
    var origin: GraphQLResultOrigin {
        var origin = GraphQLResultOrigin(response)
        origin.responseBytes = responseBytes
        return origin
    }

    /// Whether the server asks for the full document of a persisted query.
    var isPersistedQueryNotFound: Bool {
        body.data == nil
            && body.errors.contains {
                $0.code == "PERSISTED_QUERY_NOT_FOUND" || $0.message == "PersistedQueryNotFound"
            }
    }

    /// Whether the server does not do persisted queries at all.
    var isPersistedQueryNotSupported: Bool {
        body.data == nil
            && body.errors.contains {
                $0.code == "PERSISTED_QUERY_NOT_SUPPORTED" || $0.message == "PersistedQueryNotSupported"
            }
    }
}
