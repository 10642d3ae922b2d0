import Foundation

extension APIClient {
    /// The media types of a request that accepts incremental delivery: the current proposal's, Apollo's older
    /// `deferSpec`, then a single result.
    static let incrementalAcceptHeader =
        "multipart/mixed;incrementalSpec=v0.2, multipart/mixed;deferSpec=20220824;q=0.9, "
        + "\(GraphQLPayload.responseMediaType);q=0.8, application/json;q=0.7"

    /// Executes an operation whose document uses `@defer` (or `@stream`) and yields its data each time more of it
    /// has arrived: first without the deferred parts (their optional properties are `nil`), then with each part
    /// filled in. A server that answers with a single result yields once.
    ///
    /// The response goes through the interceptors and the ``HTTPTransport`` like any other, which hands over a whole
    /// body: the parts are parsed and merged once it has arrived, and yielded in order then. (`URLSession` on Linux
    /// has no streaming `bytes(for:)`.)
    public func executeIncrementally<Operation: GraphQLOperation>(
        _ operation: Operation,
        options: RequestOptions = RequestOptions()
    ) -> AsyncThrowingStream<APIResponse<Operation.Data>, any Error> {
        let name = Operation.operationName
        let payload = GraphQLPayload(
            document: Operation.document, operationName: name, operationType: Operation.operationType,
            variables: operation.variables)
        let result = GraphQLResultDescription(
            operationName: name, operationType: Operation.operationType, variables: operation.effectiveVariables,
            delivery: .incremental)
        let decoder = GraphQLResultDecoder(observation: configuration.effectiveDecodingObservation)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do throws(APIError) {
                    let start = ContinuousClock.now
                    let (response, bodies) = try await incrementalBodies(payload, options: options)
                    for body in bodies {
                        if options.errorPolicy == .failOnErrors, !body.errors.isEmpty {
                            throw APIError(
                                .graphQL, operationName: name, statusCode: response.statusCode,
                                graphQLErrors: body.errors)
                        }
                        let metadata = Self.metadata(response, operationName: name, start: start)
                        continuation.yield(
                            try decoder.decode(body, as: Operation.Data.self, result: result, metadata: metadata))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Sends the request and reads the response as the successive states of its data.
    private func incrementalBodies(
        _ payload: GraphQLPayload, options: RequestOptions
    ) async throws(APIError) -> (HTTPResponse, [GraphQLResponseBody]) {
        let name = payload.operationName ?? "anonymous \(payload.operationType.rawValue)"
        var merged = configuration.headers
        for field in options.headers { merged[field.name] = field.value }
        let headers = merged
        let reader = configuration.jsonReader
        return try await run(operationName: name, timeout: options.timeout) { [self] () async throws in
            var request = try payload.httpRequest(
                endpoint: configuration.graphQLEndpoint, usesGET: false, headers: headers,
                operationNameHeader: configuration.operationNameHeader, isIdempotent: options.isIdempotent)
            request.headers["Accept"] = Self.incrementalAcceptHeader
            let response = try await chain.send(request)
            guard let contentType = response.headers["Content-Type"],
                let boundary = MultipartMixedBody.boundary(ofContentType: contentType)
            else {
                let single = try GraphQLHTTPResponse(response, operationName: name, reader: reader)
                return (response, [single.body])
            }
            guard response.isSuccess else {
                throw APIError(.httpStatus, operationName: name, statusCode: response.statusCode)
            }
            var result = IncrementalResult()
            var bodies: [GraphQLResponseBody] = []
            for part in try MultipartMixedBody.parts(of: response.body, boundary: boundary) {
                let json: JSONValue
                do throws(JSONParseError) {
                    json = try reader.read(part)
                } catch {
                    throw APIError(
                        .parsing, operationName: name, statusCode: response.statusCode, byteOffset: error.offset,
                        underlying: error, reason: "in a part of the multipart response: \(error.description)")
                }
                try result.apply(json)
                // A payload that only completes a part changes nothing to yield.
                if bodies.last != result.body { bodies.append(result.body) }
            }
            guard !bodies.isEmpty else {
                throw APIError(.invalidResponse, operationName: name, reason: "a multipart response without parts")
            }
            return (response, bodies)
        }
    }
}
