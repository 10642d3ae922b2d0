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

    private func decodeREST<Response: Decodable>(
        _ type: Response.Type,
        from response: HTTPResponse,
        operationName: String
    ) throws(APIError) -> Response {
        let prefix = response.body.prefix(512)
        guard response.isSuccess else {
            let code: APIError.Code = response.statusCode == 401 ? .unauthorized : .httpStatus
            throw APIError(
                code, operationName: operationName, statusCode: response.statusCode, responseBodyPrefix: prefix,
                responseBody: response.body)
        }
        if Response.self == EmptyResponse.self, let empty = EmptyResponse() as? Response {
            return empty
        }
        let json: JSONValue
        if response.body.isEmpty {
            json = .null
        } else {
            let mediaType = response.mediaType
            guard mediaType.map(HTTPResponse.isJSON) ?? true else {
                throw APIError(
                    .invalidResponse, operationName: operationName, statusCode: response.statusCode,
                    reason: "unexpected content type \(mediaType ?? "none")", responseBodyPrefix: prefix)
            }
            do throws(JSONParseError) {
                json = try configuration.jsonReader.read(response.body)
            } catch {
                throw APIError(
                    .parsing, operationName: operationName, statusCode: response.statusCode, byteOffset: error.offset,
                    underlying: error, reason: error.description, responseBodyPrefix: prefix)
            }
        }
        do {
            return try configuration.decoder.decode(Response.self, from: json)
        } catch {
            throw APIError(
                .decoding, operationName: operationName, statusCode: response.statusCode,
                underlying: error, reason: "\(error)", responseBodyPrefix: prefix)
        }
    }
}
