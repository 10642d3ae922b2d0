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
    /// With an ``HTTPStreamingTransport`` (``URLSessionTransport`` is one), each part is yielded as soon as it has
    /// arrived, before the rest of the body. The interceptors then see the response head, and the body streams below
    /// them (the rules are those of ``HTTPStreamingTransport``). With another transport, the parts are yielded once
    /// the whole body has arrived. The call's timeout bounds the whole response; cancelling the consuming task, or
    /// leaving the loop, cancels the request. Files in the variables (`fileUploads`) are uploaded as
    /// ``execute(_:options:)`` uploads them, by the GraphQL multipart request spec.
    public func executeIncrementally<Operation: GraphQLOperation>(
        _ operation: Operation,
        options: RequestOptions = RequestOptions()
    ) -> AsyncThrowingStream<APIResponse<Operation.Data>, any Error> {
        let name = operation.__operationName
        var built = GraphQLPayload(
            document: operation.__document, operationName: operation.sentOperationName,
            operationType: operation.__operationType, variables: operation.variables, declaredName: name)
        // Files go as a multipart upload, as they do for `execute`; the answer may still arrive in parts.
        built.files = operation.fileUploads
        built.onError = options.errorBehavior ?? configuration.errorBehavior
        let payload = built
        let pipeline = GraphQLResultPipeline(
            operation, errorPolicy: options.errorPolicy, write: configuration.cache.map { .publish($0) } ?? .none,
            observation: configuration.decodingObservation, delivery: .incremental)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do throws(APIError) {
                    let start = ContinuousClock.now
                    try checkPersistedQueryID(of: operation, options: options)
                    try await incrementalBodies(
                        payload, persistedQueryID: operation.__operationIdentifier, options: options
                    ) { response, body throws(APIError) in
                        continuation.yield(
                            try pipeline.response(body, from: GraphQLResultOrigin(response), start: start))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Sends the request and hands each successive state of the response's data to `deliver`, as it arrives. In
    /// identifierOnly persisted-query mode the request carries the id instead of the document; automatic mode sends
    /// the document.
    private func incrementalBodies(
        _ payload: GraphQLPayload,
        persistedQueryID: String?,
        options: RequestOptions,
        deliver: @escaping @Sendable (HTTPResponse, GraphQLResponseBody) throws(APIError) -> Void
    ) async throws(APIError) {
        let name = payload.name
        var merged = configuration.requestHeaders
        for field in options.headers { merged[field.name] = field.value }
        let headers = merged
        let identified =
            persistedQueryMode(options) == .identifierOnly ? try identifiedOnly(payload, by: persistedQueryID) : nil
        let sent = identified?.payload ?? payload
        let sentID = identified?.id
        let reader = configuration.jsonReader
        try await run(operationName: name, timeout: options.timeout) { [self] () async throws in
            var request = try sent.httpRequest(
                endpoint: configuration.graphQLEndpoint, method: .post, headers: headers,
                operationNameHeader: configuration.operationNameHeader, isIdempotent: options.isIdempotent)
            request.headers["Accept"] = Self.incrementalAcceptHeader
            let answer = try await StreamedExchange.sendGraphQL(
                request, interceptors: configuration.interceptors, transport: configuration.transport,
                maximumResponseSize: configuration.maximumResponseSize, operationName: name, reader: reader)
            let streamed: HTTPStreamingResponse
            var parser: MultipartMixedParser
            switch answer {
            case .whole(let whole, let single):
                if let sentID { try Self.checkIdentifierKnown(single, id: sentID, operationName: name) }
                try deliver(whole, single.body)
                return
            case .multipart(let stream, let multipartParser):
                (streamed, parser) = (stream, multipartParser)
            }
            let response = streamed.head
            var result = IncrementalResult()
            var last: GraphQLResponseBody?
            for try await chunk in streamed.body {
                for part in try parser.append(chunk) {
                    try result.apply(
                        MultipartMixedBody.json(ofPart: part, reader: reader, response: response, operationName: name))
                    // A payload that only completes a part changes nothing to yield.
                    if last != result.body {
                        last = result.body
                        try deliver(response, result.body)
                    }
                }
                if parser.isClosed { break }
            }
            try Task.checkCancellation()
            try parser.finish()
            guard last != nil else {
                throw APIError(.invalidResponse, operationName: name, reason: "a multipart response without parts")
            }
        }
    }
}
