import Foundation

/// What an HTTP response's status, media type and body mean, decided in one place for GraphQL and REST calls: the
/// answer's JSON, or the ``APIError`` the response is.
///
/// | the response | GraphQL (`GraphQLHTTPResponse`) | REST (`APIClient.send(_:)`) |
/// |---|---|---|
/// | 401 | ``APIError/Code/unauthorized``, with the body's GraphQL errors | ``APIError/Code/unauthorized``, the body kept |
/// | another failing status | the server's answer when it is `application/graphql-response+json` (any status, as the GraphQL-over-HTTP draft says) or a JSON GraphQL response with a 4xx (servers answer validation errors with 400); else ``APIError/Code/httpStatus`` with the GraphQL errors it holds as detail | ``APIError/Code/httpStatus``, the body kept in ``APIError/responseBody`` to decode the API's own error model from |
/// | no media type | JSON when the body starts with `{` | JSON |
/// | another media type, 2xx | ``APIError/Code/invalidResponse`` | ``APIError/Code/invalidResponse`` |
/// | malformed JSON, 2xx | ``APIError/Code/parsing`` with the byte offset | ``APIError/Code/parsing`` with the byte offset |
/// | an empty body, 2xx | ``APIError/Code/parsing``: a GraphQL answer is never empty | `null`, which an empty response type reads |
/// | JSON without `data` or `errors`, 2xx | ``APIError/Code/invalidResponse`` | (the JSON is the answer) |
///
/// The bodies are bounded before they get here (``APIClientConfiguration/maximumResponseSize``: the transport stops
/// reading at the limit). Every error keeps the body's first 512 bytes for ``APIError/debugDescription``, copied, so
/// that a kept error does not hold a large body; only REST's failing statuses keep the whole body, which is the API's
/// error model.
struct HTTPResponseClassifier {
    /// Which protocol the response answers.
    enum API {
        case graphQL
        case rest
    }

    let api: API
    let operationName: String
    let reader: JSONReader

    /// The GraphQL envelope of a response to a GraphQL request.
    func graphQLBody(of response: HTTPResponse) throws(APIError) -> GraphQLResponseBody {
        if response.statusCode == 401 {
            let errors = (try? reader.read(response.body)).flatMap(GraphQLResponseBody.init(json:))?.errors ?? []
            throw failure(.unauthorized, response, graphQLErrors: errors)
        }
        let json = try parsedJSON(of: response)
        guard let body = GraphQLResponseBody(json: json) else {
            guard response.isSuccess else { throw failure(.httpStatus, response) }
            throw failure(.invalidResponse, response, reason: "JSON without data or errors")
        }
        let isTrusted =
            response.isSuccess || (400..<500).contains(response.statusCode)
            || response.mediaType == GraphQLPayload.responseMediaType
        guard isTrusted else {
            var error = failure(.httpStatus, response, graphQLErrors: body.errors)
            error.responseExtensions = body.extensions
            throw error
        }
        return body
    }

    /// The JSON of a response to a REST request: `null` for an empty body.
    func restJSON(of response: HTTPResponse) throws(APIError) -> JSONValue {
        try checkRESTStatus(of: response)
        if response.body.isEmpty { return .null }
        return try parsedJSON(of: response)
    }

    /// Fails a REST response whose status is not a success.
    func checkRESTStatus(of response: HTTPResponse) throws(APIError) {
        guard !response.isSuccess else { return }
        throw failure(response.statusCode == 401 ? .unauthorized : .httpStatus, response)
    }

    /// The body read as JSON, when the media type says it is JSON (or, without one, as the protocol assumes).
    private func parsedJSON(of response: HTTPResponse) throws(APIError) -> JSONValue {
        let mediaType = response.mediaType
        let carriesJSON =
            mediaType.map(HTTPResponse.isJSON) ?? (api == .rest || response.body.first == UInt8(ascii: "{"))
        guard carriesJSON else {
            guard response.isSuccess else { throw failure(.httpStatus, response) }
            throw failure(.invalidResponse, response, reason: "unexpected content type \(mediaType ?? "none")")
        }
        do throws(JSONParseError) {
            return try reader.read(response.body)
        } catch {
            guard response.isSuccess else { throw failure(.httpStatus, response, underlying: error) }
            var failure = failure(.parsing, response, reason: error.description, underlying: error)
            failure.byteOffset = error.offset
            throw failure
        }
    }

    /// The error `code` for `response`, with the body's first bytes and, for a REST failing status, the whole body.
    private func failure(
        _ code: APIError.Code, _ response: HTTPResponse, graphQLErrors: [GraphQLError] = [], reason: String? = nil,
        underlying: (any Error)? = nil
    ) -> APIError {
        let keepsBody = api == .rest && !response.isSuccess
        return APIError(
            code, operationName: operationName, statusCode: response.statusCode, graphQLErrors: graphQLErrors,
            underlying: underlying, reason: reason, responseBodyPrefix: Data(response.body.prefix(512)),
            responseBody: keepsBody ? response.body : nil)
    }
}
