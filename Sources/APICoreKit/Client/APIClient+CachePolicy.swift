extension APIClient {
    /// Executes a generated query or mutation and decodes its data into the operation's types.
    ///
    /// A query follows its ``CachePolicy`` (``RequestOptions/cachePolicy``, else the configuration's default) when the
    /// client has a cache: `cacheFirst` and `cacheOnly` may answer from the cache, `networkFirst` answers from it when
    /// the network fails, and `cacheAndNetwork` returns the network's value here (``fetch(_:cachePolicy:options:)``
    /// delivers the cached one first). Every network result is written to the cache, mutations' included, so
    /// watchers of the objects they change see it. ``ResponseMetadata/source`` says where the value came from.
    ///
    /// Partial data comes back with its errors in ``APIResponse/errors`` unless the options make errors fatal; errors
    /// without data fail with ``APIError/Code/graphQL``.
    public func execute<Operation: GraphQLOperation>(
        _ operation: Operation,
        options: RequestOptions = RequestOptions()
    ) async throws(APIError) -> APIResponse<Operation.Data> {
        guard let cache = configuration.cache else {
            return try await executeOnNetwork(operation, options: options, write: .none)
        }
        guard Operation.operationType == .query else {
            return try await executeOnNetwork(operation, options: options, write: .publish(cache))
        }
        switch cachePolicy(of: options) {
        case .networkOnly, .cacheAndNetwork:
            return try await executeOnNetwork(operation, options: options, write: .publish(cache))
        case .cacheFirst:
            if case .success(let response) = cachedResponse(operation, from: cache) { return response }
            return try await executeOnNetwork(operation, options: options, write: .publish(cache))
        case .cacheOnly:
            return try cachedResponse(operation, from: cache).get()
        case .networkFirst:
            do {
                return try await executeOnNetwork(operation, options: options, write: .publish(cache))
            } catch {
                guard error.isNetworkFailure,
                    case .success(let response) = cachedResponse(operation, from: cache, networkError: error)
                else { throw error }
                return response
            }
        }
    }

    /// The policy a call follows.
    func cachePolicy(of options: RequestOptions) -> CachePolicy {
        options.cachePolicy ?? configuration.defaultCachePolicy
    }

    /// The operation's data as the cache holds it, or the miss (``APIError/Code/cacheMiss``) that prevents it;
    /// `networkError` is the failure the cache answers for, if any.
    func cachedResponse<Operation: GraphQLOperation>(
        _ operation: Operation,
        from cache: CacheStore,
        networkError: APIError? = nil
    ) -> Result<APIResponse<Operation.Data>, APIError> {
        let start = ContinuousClock.now
        do throws(CacheError) {
            let data = try cache.read(operation)
            var metadata = Self.cacheMetadata(Operation.self, duration: ContinuousClock.now - start)
            metadata.networkError = networkError
            observeCacheServed(metadata, operationType: Operation.operationType)
            return .success(APIResponse(value: data, metadata: metadata))
        } catch {
            return .failure(APIError(cacheError: error, operationName: Operation.operationName))
        }
    }

    /// Shows the interceptors a call the cache answered (see ``APIInterceptor/observe(_:)``).
    func observeCacheServed(_ metadata: ResponseMetadata, operationType: GraphQLOperationType) {
        let result = CacheServedResult(
            operationName: metadata.operationName, operationType: operationType, duration: metadata.duration,
            networkErrorCode: metadata.networkError?.code)
        for interceptor in configuration.interceptors { interceptor.observe(result) }
    }

    /// The metadata of a value read from the cache.
    static func cacheMetadata<Operation: GraphQLOperation>(
        _ operation: Operation.Type,
        duration: Duration
    ) -> ResponseMetadata {
        ResponseMetadata(source: .cache, statusCode: nil, operationName: Operation.operationName, duration: duration)
    }
}
