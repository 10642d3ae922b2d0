extension APIClient {
    /// Executes a mutation whose expected result every cache read and watcher sees before the server answers.
    ///
    /// The optimistic result is written to an optimistic layer of the cache before the request is sent. The server's
    /// result replaces the layer in one step (watchers see the optimistic value turn into the real one, with nothing in
    /// between); any failure removes the layer, so watchers see the data as it was, and is thrown. Without a cache
    /// the optimistic result is ignored.
    ///
    /// Fails with ``APIError/Code/cacheFailure`` before sending anything if the optimistic result cannot be written
    /// (its data does not match the mutation's selections).
    public func execute<Mutation: GraphQLMutation>(
        _ mutation: Mutation,
        optimisticResult: Mutation.Data,
        options: RequestOptions = RequestOptions()
    ) async throws(APIError) -> APIResponse<Mutation.Data> {
        guard let cache = configuration.cache else { return try await execute(mutation, options: options) }
        let layer: OptimisticLayerID
        do throws(CacheError) {
            layer = try cache.addOptimisticLayer { transaction throws(CacheError) in
                try transaction.write(optimisticResult, for: mutation)
            }
        } catch {
            throw APIError(cacheError: error, operationName: mutation.__operationName)
        }
        do {
            return try await executeOnNetwork(mutation, options: options, write: .replacingLayer(layer, in: cache))
        } catch {
            cache.removeOptimisticLayer(layer)
            throw error
        }
    }
}

extension APIClient {
    /// Sends `mutation` once, its result replacing the optimistic layer `layer` of the client's cache in one step
    /// (published as usual when there is no layer or no cache). Unlike
    /// ``execute(_:optimisticResult:options:)``, a failure leaves the layer in place: the caller (the offline
    /// mutation queue) decides whether the mutation will be retried or rolled back.
    package func execute<Mutation: GraphQLMutation>(
        _ mutation: Mutation,
        replacingOptimisticLayer layer: OptimisticLayerID?,
        options: RequestOptions
    ) async throws(APIError) -> APIResponse<Mutation.Data> {
        guard let cache = configuration.cache, let layer else { return try await execute(mutation, options: options) }
        return try await executeOnNetwork(mutation, options: options, write: .replacingLayer(layer, in: cache))
    }
}
