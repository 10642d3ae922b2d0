extension APIClient {
    /// Compiles a document against the client's ``APIClientConfiguration/schema``: validated by every rule of the
    /// specification, with the selections generated code would have for it.
    ///
    /// Fails with ``APIError/Code/invalidDocument`` when the document does not parse or validate (the underlying
    /// `GraphQLDocumentError` locates each problem), or when the client has no schema.
    public func compile(document: String, operationName: String? = nil) throws(APIError) -> GraphQLCompiledOperation {
        guard let schema = configuration.schema else {
            throw APIError(
                .invalidDocument, operationName: operationName ?? "document",
                reason: "the client has no schema to compile documents with: set APIClientConfiguration.schema")
        }
        do throws(GraphQLDocumentError) {
            return try schema.compile(document: document, operationName: operationName)
        } catch {
            throw APIError(
                .invalidDocument, operationName: operationName ?? "document", underlying: error,
                reason: error.description)
        }
    }

    /// Runs a document written at run time, compiled against the client's schema, through the same pipeline as a
    /// generated operation: a query follows its cache policy, every network result is normalized into the cache
    /// under the keys generated code would use, and watchers of either kind see it. The answer is the response's
    /// `data` as JSON.
    ///
    /// A subscription fails with ``APIError/Code/invalidRequest``: subscribe to a `GraphQLDynamicSubscription`.
    public func execute(
        document: String,
        operationName: String? = nil,
        variables: JSONObject = JSONObject(),
        options: RequestOptions = RequestOptions()
    ) async throws(APIError) -> APIResponse<JSONObject> {
        let compiled = try compile(document: document, operationName: operationName)
        return try await execute(compiled, variables: variables, files: [], cached: true, options: options)
            .map(\.object)
    }

    /// Fetches a document's query as ``fetch(_:cachePolicy:options:)`` does: one value, or the cached value then the
    /// network's under `cacheAndNetwork`.
    public func fetch(
        document: String,
        operationName: String? = nil,
        variables: JSONObject = JSONObject(),
        cachePolicy: CachePolicy? = nil,
        options: RequestOptions = RequestOptions()
    ) -> AsyncThrowingStream<APIResponse<JSONObject>, any Error> {
        let query: GraphQLDynamicQuery
        do throws(APIError) {
            query = GraphQLDynamicQuery(
                try compiledQuery(document: document, operationName: operationName), variables: variables)
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        let responses = fetch(query, cachePolicy: cachePolicy, options: options)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await response in responses { continuation.yield(response.map(\.object)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Watches a document's query as ``watch(_:cachePolicy:options:)`` does: its value, then a new one whenever the
    /// cache's data for it changes, whoever wrote it (a generated mutation included). A document that does not
    /// compile gives one failure and ends the watch.
    public func watch(
        document: String,
        operationName: String? = nil,
        variables: JSONObject = JSONObject(),
        cachePolicy: CachePolicy? = nil,
        options: RequestOptions = RequestOptions()
    ) -> APIQueryWatch<JSONObject> {
        let (stream, continuation) = AsyncStream.makeStream(of: APIQueryWatch<JSONObject>.Element.self)
        let query: GraphQLDynamicQuery
        do throws(APIError) {
            query = GraphQLDynamicQuery(
                try compiledQuery(document: document, operationName: operationName), variables: variables)
        } catch {
            continuation.yield(.failure(error))
            continuation.finish()
            return APIQueryWatch(stream: stream)
        }
        let changes = watch(query, cachePolicy: cachePolicy, options: options)
        let task = Task {
            for await change in changes { continuation.yield(change.map { $0.map(\.object) }) }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        // One element here for each of the watch's, so the numbers its refetches answer with hold here too.
        return APIQueryWatch(stream: stream, control: changes.control)
    }

    /// Executes a document and decodes its `data` as a `Decodable` type: the lightest way in, with no code
    /// generation.
    ///
    /// With a client ``APIClientConfiguration/schema``, the document is compiled and run like a generated operation
    /// (validated before anything is sent, normalized into the cache, answered from it as the cache policy says). Without
    /// one, or with `files`, it goes to the network and is not cached, as normalizing needs the selections a schema
    /// gives; either way its result takes the pipeline every GraphQL result takes (error policy, null propagation,
    /// decoding observers).
    ///
    /// `files` are uploaded by the GraphQL multipart request spec, each at its path (`variables.file`,
    /// `variables.files.0`, `variables.input.avatar`): the variables get `null` there (added when the last member is
    /// missing), and a path that does not start with `variables.` or whose parent is not in the variables fails with
    /// ``APIError/Code/invalidRequest`` before anything is sent, as does a subscription given files.
    public func execute<Response: Decodable & Sendable>(
        document: String,
        operationName: String? = nil,
        variables: JSONObject = JSONObject(),
        files: [GraphQLFileUpload] = [],
        as type: Response.Type,
        options: RequestOptions = RequestOptions()
    ) async throws(APIError) -> APIResponse<Response> {
        let response: APIResponse<GraphQLDynamicData>
        if configuration.schema != nil, files.isEmpty {
            let compiled = try compile(document: document, operationName: operationName)
            response = try await execute(compiled, variables: variables, files: [], cached: true, options: options)
        } else {
            response = try await send(
                document: document, operationName: operationName, variables: variables, files: files,
                options: options)
        }
        do {
            let decoder = configuration.decoder
            return try response.map { try decoder.decode(Response.self, from: .object($0.object)) }
        } catch {
            throw APIError(
                .decoding, operationName: response.metadata.operationName, statusCode: response.metadata.statusCode,
                graphQLErrors: response.errors, underlying: error, reason: "\(error)")
        }
    }

    /// Sends a document as it is written, without compiling it: its data is kept as sent, unchecked, and nothing is
    /// written to the cache. For a document no schema describes, or a stored request replayed after its operation
    /// changed (the offline mutation queue's).
    package func send(
        document: String,
        operationName: String?,
        variables: JSONObject,
        files: [GraphQLFileUpload] = [],
        options: RequestOptions
    ) async throws(APIError) -> APIResponse<GraphQLDynamicData> {
        let selected = OperationScanner.selectedOperation(in: document, operationName: operationName)
        let name = operationName ?? selected.name ?? "anonymous \(selected.kind.rawValue)"
        let compiled = GraphQLCompiledOperation(
            name: name, sentOperationName: operationName, operationType: selected.kind, document: document,
            operationIdentifier: documentHashes.hash(of: document), variableDefaults: JSONObject(),
            dataSelections: .unchecked)
        let sent =
            files.isEmpty ? variables : try UploadPaths.placingNulls(for: files, in: variables, operationName: name)
        return try await execute(compiled, variables: sent, files: files, cached: false, options: options)
    }

    /// Runs a compiled operation with its variables: through ``execute(_:options:)`` and its cache policy when
    /// `cached`, else straight to the network with nothing written. A subscription is only sent uncached, as one HTTP
    /// request whose answer is its first result.
    private func execute(
        _ compiled: GraphQLCompiledOperation,
        variables: JSONObject,
        files: [GraphQLFileUpload],
        cached: Bool,
        options: RequestOptions
    ) async throws(APIError) -> APIResponse<GraphQLDynamicData> {
        switch (compiled.operationType, cached) {
        case (.query, true):
            return try await execute(GraphQLDynamicQuery(compiled, variables: variables), options: options)
        case (.mutation, true):
            return try await execute(GraphQLDynamicMutation(compiled, variables: variables), options: options)
        case (.subscription, true):
            throw APIError(
                .invalidRequest, operationName: compiled.name,
                reason: "a subscription is not executed: subscribe to it as a GraphQLDynamicSubscription")
        case (.query, false):
            return try await executeOnNetwork(
                GraphQLDynamicQuery(compiled, variables: variables, files: files), options: options, write: .none)
        case (.mutation, false):
            return try await executeOnNetwork(
                GraphQLDynamicMutation(compiled, variables: variables, files: files), options: options, write: .none)
        case (.subscription, false):
            // Subscriptions carry no files (see `subscribe`): refused rather than sent with `null` where each was.
            guard files.isEmpty else {
                throw APIError(
                    .invalidRequest, operationName: compiled.name,
                    reason: "a subscription cannot upload files (\(files.map(\.path).joined(separator: ", "))): "
                        + "upload them with a mutation")
            }
            return try await executeOnNetwork(
                GraphQLDynamicSubscription(compiled, variables: variables), options: options, write: .none)
        }
    }

    /// A compiled document that must be a query.
    private func compiledQuery(
        document: String, operationName: String?
    ) throws(APIError) -> GraphQLCompiledOperation {
        let compiled = try compile(document: document, operationName: operationName)
        guard compiled.operationType == .query else {
            throw APIError(
                .invalidRequest, operationName: compiled.name,
                reason: "only a query can be fetched or watched; this is a \(compiled.operationType.rawValue)")
        }
        return compiled
    }
}

extension GraphQLOperation {
    /// The `operationName` a request for the operation sends: a generated operation's name, or the name a compiled
    /// document declares (none for an anonymous one).
    var sentOperationName: String? {
        if let compiled = __compiled { return compiled.sentOperationName }
        return Self.operationName
    }
}
