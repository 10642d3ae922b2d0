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
        try await follow(operation, plan: plan(of: operation, options: options), options: options)
    }

    /// The plan a call of `operation` with `options` follows.
    func plan<Operation: GraphQLOperation>(of operation: Operation, options: RequestOptions) -> CachePlan {
        CachePlan(
            cachePolicy(of: options), operationType: operation.__operationType, hasCache: configuration.cache != nil)
    }

    /// Follows `plan` for `operation` and returns its answer; a cached value the plan delivers early goes to `early`
    /// (and is not read at all without it).
    ///
    /// - Parameters:
    ///   - source: where the cache is read and the network's records go; by default the client's store.
    func follow<Operation: GraphQLOperation>(
        _ operation: Operation,
        plan: CachePlan,
        options: RequestOptions,
        cache source: CacheSource<Operation.Data>? = nil,
        early: ((APIResponse<Operation.Data>) -> Void)? = nil
    ) async throws(APIError) -> APIResponse<Operation.Data> {
        let source = source ?? configuration.cache.map { CacheSource($0) }
        let freshness = cacheFreshness(of: options)
        func read(
            _ networkError: APIError?, partial: Bool = false, freshness: CacheFreshness = freshness
        ) async -> Result<APIResponse<Operation.Data>, APIError> {
            guard let source else { return .failure(APIError(.cacheMiss, operationName: operation.__operationName)) }
            return await cachedResponse(
                operation, from: source, networkError: networkError, partial: partial, freshness: freshness)
        }
        switch plan.cacheRead {
        case .answersOnHit?:
            if case .success(let response) = await read(nil) { return response }
        case .answersAlone?:
            return try await read(nil, partial: options.returnsPartialCacheData).get()
        case .deliversEarly?:
            if let early, case .success(let response) = await read(nil) { early(response) }
        case .revalidatesStale?:
            let servesStale = freshness == .strict ? CacheFreshness.permissive(maxStale: nil) : freshness
            if case .success(let response) = await read(nil, freshness: servesStale) {
                guard response.metadata.isStale else { return response }
                guard let early else {
                    // One value: the stale one now; the network refreshes the cache, and its watchers, behind it.
                    revalidate(operation, options: options, write: source?.write ?? .none)
                    return response
                }
                early(response)
            }
        case nil:
            break
        }
        do {
            return try await executeOnNetwork(operation, options: options, write: source?.write ?? .none)
        } catch {
            guard plan.fallsBackToCache, error.isNetworkFailure,
                case .success(let response) = await read(error, partial: options.returnsPartialCacheData)
            else {
                throw error
            }
            return response
        }
    }

    /// The policy a call follows.
    func cachePolicy(of options: RequestOptions) -> CachePolicy {
        options.cachePolicy ?? configuration.defaultCachePolicy
    }

    /// How a call's reads of the cache treat fields past their time to live.
    func cacheFreshness(of options: RequestOptions) -> CacheFreshness {
        options.cacheFreshness ?? configuration.defaultCacheFreshness
    }

    /// Fetches `operation` from the network in a task of its own, writing the result to the cache (and so to its
    /// watchers): the refresh behind a stale value a call has already returned. A failure leaves the cache as it was.
    private func revalidate<Operation: GraphQLOperation>(
        _ operation: Operation,
        options: RequestOptions,
        write: CacheWrite<Operation.Data>
    ) {
        Task { [self] in
            _ = try? await executeOnNetwork(operation, options: options, write: write)
        }
    }

    /// The operation's data as the cache holds it, or the miss (``APIError/Code/cacheMiss``) that prevents it;
    /// `networkError` is the failure the cache answers for, if any. The read runs where the cache reads (a SQLite
    /// cache on its read threads).
    func cachedResponse<Operation: GraphQLOperation>(
        _ operation: Operation,
        from source: CacheSource<Operation.Data>,
        networkError: APIError? = nil,
        partial: Bool = false,
        freshness: CacheFreshness = .strict
    ) async -> Result<APIResponse<Operation.Data>, APIError> {
        let start = ContinuousClock.now
        do throws(CacheError) {
            let read = try await source.read(
                operation, afterNetworkFailure: networkError != nil, partial: partial, freshness: freshness)
            var metadata = Self.cacheMetadata(operation, duration: ContinuousClock.now - start)
            metadata.networkError = networkError
            metadata.staleFields = read.staleFields
            observeCacheServed(metadata, operationType: operation.__operationType)
            return .success(APIResponse(value: read.data, errors: read.errors, metadata: metadata))
        } catch {
            return .failure(APIError(cacheError: error, operationName: operation.__operationName))
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
        _ operation: Operation,
        duration: Duration
    ) -> ResponseMetadata {
        ResponseMetadata(source: .cache, statusCode: nil, operationName: operation.__operationName, duration: duration)
    }
}
