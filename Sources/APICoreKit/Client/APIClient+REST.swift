import Foundation

extension APIClient {
    /// Sends a REST call through the same interceptors as GraphQL and decodes its JSON response.
    ///
    /// A 2xx status decodes the body (``EmptyResponse`` needs none); 401 is ``APIError/Code/unauthorized``; any other
    /// failing status is ``APIError/Code/httpStatus`` with the status code. A failing status keeps the server's body
    /// in ``APIError/responseBody``, to decode the API's own error model from. The decoded response then passes the
    /// request's ``RESTRequest/process(_:)`` step.
    public func send<Request: RESTRequest>(_ request: Request) async throws(APIError) -> APIResponse<Request.Response> {
        let name = "\(request.method) \(request.path)"
        let options = request.options
        return try await run(operationName: name, timeout: options.timeout) {
            [self] () async throws -> APIResponse<Request.Response> in
            let start = ContinuousClock.now
            let httpRequest = try makeHTTPRequest(request, operationName: name)
            let response = try await chain.send(httpRequest)
            let value = try decodeREST(Request.Response.self, from: response, operationName: name)
            let decoded = APIResponse(
                value: value, metadata: Self.metadata(response, operationName: name, start: start))
            do {
                return try request.process(decoded)
            } catch {
                throw APIError(
                    .mappingFailed, operationName: name, statusCode: response.statusCode, underlying: error,
                    reason: "\(type(of: error))")
            }
        }
    }

    private func makeHTTPRequest<Request: RESTRequest>(
        _ request: Request, operationName: String
    ) throws(APIError)
        -> HTTPRequest
    {
        guard
            let url = RequestURL.url(
                configuration.restBaseURL, appendingPath: request.path, queryItems: request.queryItems)
        else {
            throw APIError(.invalidRequest, operationName: operationName, reason: "invalid URL")
        }
        var headers = configuration.requestHeaders
        for field in request.headers { headers[field.name] = field.value }
        for field in request.options.headers { headers[field.name] = field.value }
        headers["Accept"] = headers["Accept"] ?? "application/json"
        var body: Data?
        if let payload = request.body {
            do {
                let json = try configuration.encoder.encode(payload)
                body = Data(JSONWriter().write(json))
            } catch {
                throw APIError(
                    .invalidRequest, operationName: operationName, underlying: error,
                    reason: "the body cannot be encoded")
            }
            // The body is JSON, but the caller may name a JSON-based type (`application/merge-patch+json`).
            if !headers.contains("Content-Type") { headers["Content-Type"] = "application/json" }
        }
        return HTTPRequest(
            method: request.method, url: url, headers: headers, body: body, operationName: operationName, kind: .rest,
            isIdempotent: request.options.isIdempotent)
    }

    /// The response decoded as `Response`, its status, media type and body judged by ``HTTPResponseClassifier``.
    private func decodeREST<Response: Decodable>(
        _ type: Response.Type,
        from response: HTTPResponse,
        operationName: String
    ) throws(APIError) -> Response {
        let classifier = HTTPResponseClassifier(
            api: .rest, operationName: operationName, reader: configuration.jsonReader)
        if Response.self == EmptyResponse.self, let empty = EmptyResponse() as? Response {
            try classifier.checkRESTStatus(of: response)
            return empty
        }
        let json = try classifier.restJSON(of: response)
        do {
            return try configuration.decoder.decode(Response.self, from: json)
        } catch {
            throw APIError(
                .decoding, operationName: operationName, statusCode: response.statusCode,
                underlying: error, reason: "\(error)", responseBodyPrefix: Data(response.body.prefix(512)))
        }
    }
}
