import Foundation

extension APIClient {
    /// Sends a generated operation over the network and turns its response into the operation's types through the
    /// call's ``GraphQLResultPipeline``: error policy, decoding and normalizing in one walk bounded by the response's
    /// `Cache-Control`, and the cache write that `write` says, whose failure is reported in
    /// ``ResponseMetadata/cacheWriteError`` and never costs the network value.
    func executeOnNetwork<Operation: GraphQLOperation>(
        _ operation: Operation,
        options: RequestOptions,
        write: CacheWrite<Operation.Data>
    ) async throws(APIError) -> APIResponse<Operation.Data> {
        let name = operation.__operationName
        let variables = operation.variables
        try checkPersistedQueryID(of: operation, options: options)
        let pipeline = GraphQLResultPipeline(
            operation, errorPolicy: options.errorPolicy, write: write,
            observation: configuration.decodingObservation, delivery: .response)
        return try await run(operationName: name, timeout: options.timeout) {
            [self] () async throws -> APIResponse<Operation.Data> in
            let start = ContinuousClock.now
            var payload = GraphQLPayload(
                document: operation.__document, operationName: operation.sentOperationName,
                operationType: operation.__operationType, variables: variables, declaredName: name)
            payload.files = operation.fileUploads
            payload.onError = options.errorBehavior ?? configuration.errorBehavior
            let exchange = try await exchange(
                payload, persistedQueryID: operation.__operationIdentifier, options: options)
            return try pipeline.response(exchange.body, from: exchange.origin, start: start)
        }
    }

    /// Sends a feature kit's request: executes its operation with the request's ``GraphQLRequest/options`` (its
    /// ``RequestOptions/cachePolicy`` included), then maps the data, from the network or the cache, to the domain
    /// value and passes the response through the request's ``GraphQLRequest/process(_:)`` step.
    public func send<Request: GraphQLRequest>(_ request: Request) async throws(APIError) -> APIResponse<Request.Value> {
        let response = try await execute(request.operation, options: request.options)
        do {
            return try request.process(response.map(request.map(data:)))
        } catch {
            throw APIError(
                .mappingFailed, operationName: request.operation.__operationName, underlying: error,
                reason: "\(type(of: error))")
        }
    }

    /// Sends a GraphQL payload through the chain: with the persisted-query handshake in automatic mode, with only the
    /// id in identifierOnly mode (see ``PersistedQueriesConfiguration``), by the query method the call asks for.
    func exchange(
        _ payload: GraphQLPayload,
        persistedQueryID: String?,
        options: RequestOptions
    ) async throws -> GraphQLHTTPResponse {
        let method = queryMethod(of: payload, options: options)
        var headers = configuration.requestHeaders
        for field in options.headers { headers[field.name] = field.value }

        func send(_ payload: GraphQLPayload, method: GraphQLQueryMethod) async throws -> GraphQLHTTPResponse {
            var request = try payload.httpRequest(
                endpoint: configuration.graphQLEndpoint, method: method, headers: headers,
                operationNameHeader: configuration.operationNameHeader, isIdempotent: options.isIdempotent,
                uploadProgress: options.uploadProgress)
            request.deduplicates = payload.operationType == .query && payload.files.isEmpty && options.deduplicates
            if let batching = configuration.batching, method == .post, payload.operationType == .query,
                payload.files.isEmpty
            {
                request.batches = options.batches ?? batching.batchesByDefault
            }
            let response = try await chain.send(request)
            if Self.refuses(method, statusCode: response.statusCode) {
                // The endpoint does not take queries by this method: POST this request, and every later query.
                refusedQueryMethods.withLock { _ = $0.insert(method) }
                return try await send(payload, method: .post)
            }
            return try GraphQLHTTPResponse(
                response, operationName: request.operationName, reader: configuration.jsonReader)
        }

        let mode = persistedQueryMode(options)
        if mode == .identifierOnly {
            return try await exchangeIdentifierOnly(payload, persistedQueryID: persistedQueryID, method: method) {
                try await send($0, method: $1)
            }
        }
        // Files go in one multipart POST with the whole document: a hash-only attempt would send them twice.
        guard payload.files.isEmpty else { return try await send(payload, method: .post) }
        guard mode == .automatic, persistedQueriesSupported.withLock({ $0 }), let document = payload.document
        else {
            return try await send(payload, method: method)
        }
        let hash = persistedQueryID ?? documentHashes.hash(of: document)
        var hashed = payload
        hashed.document = nil
        hashed.extensions = GraphQLPayload.persistedQueryExtension(hash: hash)
        let getsHashes = configuration.persistedQueries?.usesGETForHashedQueries ?? false
        let first = try await send(hashed, method: getsHashes && payload.operationType == .query ? .get : method)
        if first.isPersistedQueryNotFound {
            var full = hashed
            full.document = document
            // The registration carries the whole document: never in a URL, where a long one risks 414.
            return try await send(full, method: method == .query ? .query : .post)
        }
        if first.isPersistedQueryNotSupported {
            persistedQueriesSupported.withLock { $0 = false }
            return try await send(payload, method: method)
        }
        return first
    }

    /// The HTTP method of a payload: the call's or the client's query method for a query (POST once the endpoint has
    /// refused that method), POST for anything else: a mutation never goes out as GET, which GraphQL over HTTP
    /// forbids.
    func queryMethod(of payload: GraphQLPayload, options: RequestOptions) -> GraphQLQueryMethod {
        guard payload.operationType == .query else { return .post }
        let method = options.queryMethod ?? configuration.queryMethod
        if method != .post, refusedQueryMethods.withLock({ $0.contains(method) }) { return .post }
        return method
    }

    /// Whether a status answering a query sent by `method` says the endpoint does not take queries by that method:
    /// 405 Method Not Allowed to GET (GraphQL over HTTP lets a server accept POST only) or to QUERY, or 501 Not
    /// Implemented to QUERY. A POST answered 405 is an HTTP status error: the endpoint is not a GraphQL one.
    static func refuses(_ method: GraphQLQueryMethod, statusCode: Int) -> Bool {
        switch method {
        case .post: false
        case .get: statusCode == 405
        case .query: statusCode == 405 || statusCode == 501
        }
    }

    /// The error for a response without data, or whose errors are fatal: its GraphQL errors if it has some.
    static func graphQLFailure(_ body: GraphQLResponseBody, statusCode: Int?, operationName: String) -> APIError {
        if body.errors.isEmpty {
            return APIError(.noData, operationName: operationName, statusCode: statusCode)
        }
        var error = APIError(
            .graphQL, operationName: operationName, statusCode: statusCode, graphQLErrors: body.errors)
        error.responseExtensions = body.extensions
        return error
    }

    /// The metadata of a response; `responseBytes` for one whose body is no longer held.
    static func metadata(
        _ response: HTTPResponse, responseBytes: Int? = nil, operationName: String, start: ContinuousClock.Instant
    )
        -> ResponseMetadata
    {
        ResponseMetadata(
            source: response.source, statusCode: response.statusCode, operationName: operationName,
            duration: ContinuousClock.now - start, headers: response.headers,
            responseBytes: responseBytes ?? response.body.count)
    }
}
