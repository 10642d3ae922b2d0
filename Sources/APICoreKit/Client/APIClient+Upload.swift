extension APIClient {
    /// Starts executing an operation whose variables hold files (`fileUploads`) and returns at once with
    /// its progress and, later, its response.
    ///
    /// The call is ``execute(_:options:)``'s: a `multipart/form-data` POST by the GraphQL multipart request spec,
    /// never a GET, whose body streams from memory and disk as it is sent. Its `operations` carry the document, or
    /// only the persisted-query id in ``PersistedQueriesConfiguration/Mode/identifierOnly`` mode (automatic mode
    /// sends the document with the files: a hash-only attempt would send them twice). An operation without files is
    /// sent as usual, and its progress finishes without events.
    public func upload<Operation: GraphQLOperation>(
        _ operation: Operation,
        options: RequestOptions = RequestOptions()
    ) -> GraphQLUpload<Operation.Data> {
        startUpload(options: options) { [self] options in try await execute(operation, options: options) }
    }

    /// Starts executing a hand-written document with `files` at their paths (see
    /// ``execute(document:operationName:variables:files:as:options:)``) and returns at once with its progress and,
    /// later, its response.
    public func upload<Response: Decodable & Sendable>(
        document: String,
        operationName: String? = nil,
        variables: JSONObject = JSONObject(),
        files: [GraphQLFileUpload],
        as type: Response.Type,
        options: RequestOptions = RequestOptions()
    ) -> GraphQLUpload<Response> {
        startUpload(options: options) { [self] options in
            try await execute(
                document: document, operationName: operationName, variables: variables, files: files, as: type,
                options: options)
        }
    }

    private func startUpload<Value: Sendable>(
        options: RequestOptions,
        _ call: @escaping @Sendable (RequestOptions) async throws -> APIResponse<Value>
    ) -> GraphQLUpload<Value> {
        let (progress, continuation) = AsyncStream.makeStream(
            of: UploadProgress.self, bufferingPolicy: .bufferingNewest(1))
        let reporter = UploadProgressReporter(continuation)
        var options = options
        options.uploadProgress = reporter
        let task = Task { [options] () async throws -> APIResponse<Value> in
            defer { reporter.finish() }
            return try await call(options)
        }
        return GraphQLUpload(progress: progress, task: task)
    }
}
