import Foundation

/// Reads a GraphQL-over-HTTP response into its envelope, deciding from status, media type and body what failed.
///
/// - An `application/graphql-response+json` body is the GraphQL server's own answer at any status: 200 with errors,
///   294 partial success and 422 from the draft, 4xx and 5xx all carry `data` and `errors` as sent.
/// - An `application/json` body (or JSON without a media type) is trusted with a 2xx status and, when it is a
///   well-formed GraphQL response, with a 4xx: servers such as ariadne answer validation errors with 400. With any
///   other status (5xx, 3xx) the draft says a client must not rely on it, since a proxy or a framework's error page
///   may have written it: the call fails with ``APIError/Code/httpStatus``, the body's GraphQL errors and extensions
///   attached as detail and its data dropped.
/// - 401 is ``APIError/Code/unauthorized`` (the auth interceptor has already refreshed and retried by then).
/// - A failing status with no GraphQL body is ``APIError/Code/httpStatus``.
/// - A 2xx with malformed JSON is ``APIError/Code/parsing`` with the byte offset; one with another media type or
///   without `data` and `errors` is ``APIError/Code/invalidResponse``.
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
        var head = response
        head.body = Data()
        self.response = head
        responseBytes = response.body.count
        let status = response.statusCode
        // Only for errors: a copy, so an error kept by the caller does not keep the whole body alive.
        func prefix() -> Data { Data(response.body.prefix(512)) }
        if status == 401 {
            let errors = (try? reader.read(response.body)).flatMap(GraphQLResponseBody.init(json:))?.errors ?? []
            throw APIError(
                .unauthorized, operationName: operationName, statusCode: status, graphQLErrors: errors,
                responseBodyPrefix: prefix())
        }
        let mediaType = response.mediaType
        let looksLikeJSON = mediaType.map(HTTPResponse.isJSON) ?? (response.body.first == UInt8(ascii: "{"))
        guard looksLikeJSON else {
            if response.isSuccess {
                throw APIError(
                    .invalidResponse, operationName: operationName, statusCode: status,
                    reason: "unexpected content type \(mediaType ?? "none")", responseBodyPrefix: prefix())
            }
            throw APIError(.httpStatus, operationName: operationName, statusCode: status, responseBodyPrefix: prefix())
        }
        let json: JSONValue
        do throws(JSONParseError) {
            json = try reader.read(response.body)
        } catch {
            if response.isSuccess {
                throw APIError(
                    .parsing, operationName: operationName, statusCode: status, byteOffset: error.offset,
                    underlying: error, reason: error.description, responseBodyPrefix: prefix())
            }
            throw APIError(
                .httpStatus, operationName: operationName, statusCode: status, underlying: error,
                responseBodyPrefix: prefix())
        }
        guard let body = GraphQLResponseBody(json: json) else {
            if response.isSuccess {
                throw APIError(
                    .invalidResponse, operationName: operationName, statusCode: status,
                    reason: "JSON without data or errors", responseBodyPrefix: prefix())
            }
            throw APIError(.httpStatus, operationName: operationName, statusCode: status, responseBodyPrefix: prefix())
        }
        let isTrusted =
            response.isSuccess || (400..<500).contains(status) || mediaType == GraphQLPayload.responseMediaType
        guard isTrusted else {
            var error = APIError(
                .httpStatus, operationName: operationName, statusCode: status, graphQLErrors: body.errors,
                responseBodyPrefix: prefix())
            error.responseExtensions = body.extensions
            throw error
        }
        self.body = body
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
