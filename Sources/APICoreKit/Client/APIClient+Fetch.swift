extension APIClient {
    /// Fetches a query as its policy says, delivering one response, or two for ``CachePolicy/cacheAndNetwork``: the
    /// cached value first when the cache holds one (``ResponseMetadata/source`` `.cache`), then the network's.
    ///
    /// The stream finishes after the last response, or throws the call's ``APIError`` (with `cacheAndNetwork`, after
    /// the cached value if there was one). Ending the iteration, or cancelling the consuming task, cancels the call.
    ///
    /// - Parameters:
    ///   - query: the query to fetch, with its variables.
    ///   - cachePolicy: overrides the options' policy.
    ///   - options: the call's options (cache policy, headers, time limit, error policy).
    public func fetch<Query: GraphQLQuery>(
        _ query: Query,
        cachePolicy: CachePolicy? = nil,
        options: RequestOptions = RequestOptions()
    ) -> AsyncThrowingStream<APIResponse<Query.Data>, any Error> {
        var options = options
        if let cachePolicy { options.cachePolicy = cachePolicy }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: APIResponse<Query.Data>.self)
        let task = Task { [self, options] in
            do throws(APIError) {
                let answer = try await follow(
                    query, plan: plan(of: query, options: options), options: options,
                    early: { continuation.yield($0) })
                continuation.yield(answer)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
