extension APIClient {
    /// Watches a query: its value as the policy obtains it, then a new one each time the cache's data for the query
    /// changes, whoever changed it (another query, a mutation, an optimistic update, a manual write).
    ///
    /// The first values follow the policy: `cacheFirst` delivers the cached value, or fetches it from the network on a
    /// miss; `cacheOnly` delivers the cached value or the miss; `cacheAndNetwork` delivers the cached value (if any)
    /// and then the network's; `networkOnly` and `networkFirst` deliver the network's (`networkFirst` falling back to
    /// the cache when the network fails). Later values come from `CacheStore/watch(_:)` with
    /// ``ResponseMetadata/source`` `.cache`, and only when they differ from the last value delivered. Without a cache
    /// the watch delivers the network's value and ends.
    ///
    /// When a write, an eviction or an expiry leaves the query's cached data incomplete, the watch fetches the query
    /// once from the network and delivers its value (source `.network`) instead of the miss; a failed refetch is
    /// delivered as a failure and the watch goes on. At most one refetch is made per miss until a complete value has
    /// been delivered again, so a server that keeps failing, or whose answer leaves the data incomplete, cannot cause
    /// a loop of requests: further misses are delivered as they are. ``RequestOptions/refetchesOnCacheMiss`` `false`
    /// delivers every miss and sends nothing; `cacheOnly` watches never refetch.
    ///
    /// ``APIQueryWatch/refetch()`` fetches the query from the network at any time (a pull to refresh), its value
    /// delivered by the watch like any other. Cancelling the consuming task ends the iteration and stops the watch.
    ///
    /// - Parameters:
    ///   - query: the query to watch, with its variables.
    ///   - cachePolicy: overrides the options' policy.
    ///   - options: the call's options (cache policy, headers, time limit, error policy).
    public func watch<Query: GraphQLQuery>(
        _ query: Query,
        cachePolicy: CachePolicy? = nil,
        options: RequestOptions = RequestOptions()
    ) -> APIQueryWatch<Query.Data> {
        var options = options
        if let cachePolicy { options.cachePolicy = cachePolicy }
        let (stream, continuation) = AsyncStream.makeStream(
            of: APIQueryWatch<Query.Data>.Element.self, bufferingPolicy: .unbounded)
        let output = WatchOutput(continuation)
        let control = WatchRefetchControl()
        let task = Task { [self, options] in
            await QueryWatchSession(client: self, query: query, options: options, output: output, control: control)
                .run()
            control.close()
            output.finish()
        }
        continuation.onTermination = { _ in
            output.consumerEnded()
            task.cancel()
        }
        return APIQueryWatch(stream: stream, control: control)
    }
}
