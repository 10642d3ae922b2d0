import Foundation

/// Reads a GraphQL-over-HTTP response into its envelope, deciding from status, media type and body what failed.
///
/// - A JSON body that is a GraphQL response is used whatever the status: 200 with errors, 294 partial success and 422
///   from the 2026 draft, and 4xx/5xx responses of `application/graphql-response+json` servers all carry `errors`.
/// - 401 is ``APIError/Code/unauthorized`` (the auth interceptor has already refreshed and retried by then).
/// - A failing status with no GraphQL body is ``APIError/Code/httpStatus``.
/// - A 2xx with malformed JSON is ``APIError/Code/parsing`` with the byte offset; one with another media type or
///   without `data` and `errors` is ``APIError/Code/invalidResponse``.
struct GraphQLHTTPResponse {
    let body: GraphQLResponseBody
    let response: HTTPResponse

    init(_ response: HTTPResponse, operationName: String, reader: JSONReader) throws(APIError) {
        self.response = response
        let status = response.statusCode
        let prefix = response.body.prefix(512)
        if status == 401 {
            let errors = (try? reader.read(response.body)).flatMap(GraphQLResponseBody.init(json:))?.errors ?? []
            throw APIError(
                .unauthorized, operationName: operationName, statusCode: status, graphQLErrors: errors,
                responseBodyPrefix: prefix)
        }
        let mediaType = response.mediaType
        let looksLikeJSON = mediaType.map(HTTPResponse.isJSON) ?? (response.body.first == UInt8(ascii: "{"))
        guard looksLikeJSON else {
            if response.isSuccess {
                throw APIError(
                    .invalidResponse, operationName: operationName, statusCode: status,
                    reason: "unexpected content type \(mediaType ?? "none")", responseBodyPrefix: prefix)
            }
            throw APIError(.httpStatus, operationName: operationName, statusCode: status, responseBodyPrefix: prefix)
        }
        let json: JSONValue
        do throws(JSONParseError) {
            json = try reader.read(response.body)
        } catch {
            if response.isSuccess {
                throw APIError(
                    .parsing, operationName: operationName, statusCode: status, byteOffset: error.offset,
                    underlying: error, reason: error.description, responseBodyPrefix: prefix)
            }
            throw APIError(
                .httpStatus, operationName: operationName, statusCode: status, underlying: error,
                responseBodyPrefix: prefix)
        }
        guard let body = GraphQLResponseBody(json: json) else {
            if response.isSuccess {
                throw APIError(
                    .invalidResponse, operationName: operationName, statusCode: status,
                    reason: "JSON without data or errors", responseBodyPrefix: prefix)
            }
            throw APIError(.httpStatus, operationName: operationName, statusCode: status, responseBodyPrefix: prefix)
        }
        self.body = body
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
