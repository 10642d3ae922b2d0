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
    /// Cancelling the consuming task ends the iteration and stops the watch.
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
        let task = Task { [self, options] in
            await runWatch(query, options: options, continuation: continuation)
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return APIQueryWatch(stream: stream)
    }

    private func runWatch<Query: GraphQLQuery>(
        _ query: Query,
        options: RequestOptions,
        continuation: AsyncStream<APIQueryWatch<Query.Data>.Element>.Continuation
    ) async {
        guard let cache = configuration.cache else {
            continuation.yield(await result(of: query, options: options))
            return
        }
        // Observed before anything else, so no write between the first value and the observation goes unseen.
        let watch = cache.watch(query)
        var changes = watch.makeAsyncIterator()
        guard let current = await changes.next() else { return }
        // The watch's first result is the plan's first read; the network's value goes to the watch as the one its
        // later results are measured against, so only writes that change the data come next.
        let source = CacheSource(watch, current: current)
        do throws(APIError) {
            let answer = try await follow(
                query, plan: plan(of: query, options: options), options: options, cache: source,
                early: { continuation.yield(.success($0)) })
            continuation.yield(.success(answer))
        } catch {
            continuation.yield(.failure(error))
        }
        var refetch = WatchRefetchGuard(options: options, policy: cachePolicy(of: options))
        func handle(_ change: Result<Query.Data, CacheError>) async {
            switch change {
            case .success:
                refetch.completeValueDelivered()
                continuation.yield(cachedElement(change, for: query))
            case .failure(let error) where error.isMiss && refetch.takeRefetch():
                // The miss is not delivered: the value that repairs it (or the refetch's failure) is.
                let element = await refetchAfterMiss(query, options: options, source: source)
                if case .success(let response) = element, response.metadata.cacheWriteError == nil {
                    refetch.completeValueDelivered()
                }
                continuation.yield(element)
            case .failure:
                continuation.yield(cachedElement(change, for: query))
            }
        }
        guard options.refetchesOnExpiry, cachePolicy(of: options) != .cacheOnly else {
            while let change = await changes.next() { await handle(change) }
            return
        }
        // Changes and expiry deadlines, one at a time, in the order they come.
        let (events, input) = AsyncStream.makeStream(of: WatchEvent<Query.Data>.self, bufferingPolicy: .unbounded)
        // The watch's first result was taken above; iterating it afresh goes on from there.
        let forwarding = Task {
            for await change in watch { input.yield(.change(change)) }
            input.finish()
        }
        let expiry = WatchExpiryTimer { input.yield(.expired($0)) }
        defer {
            forwarding.cancel()
            expiry.cancel()
        }
        await scheduleExpiry(query, cache: cache, timer: expiry, afterExpiryRefetch: false)
        for await event in events {
            var refetchedOnExpiry = false
            switch event {
            case .change(let change):
                await handle(change)
            case .expired(let deadline) where expiry.isCurrent(deadline):
                // Once per expiry, and only if what the watch shows has expired still: a write since (a refetch after
                // a miss, another query) may have refreshed it. The refetched value's own expiry sets the next
                // deadline.
                guard await hasExpired(query, cache: cache) else { break }
                let element = await refetchAfterMiss(query, options: options, source: source)
                if case .success(let response) = element, response.metadata.cacheWriteError == nil {
                    refetch.completeValueDelivered()
                }
                continuation.yield(element)
                refetchedOnExpiry = true
            case .expired:
                continue
            }
            await scheduleExpiry(query, cache: cache, timer: expiry, afterExpiryRefetch: refetchedOnExpiry)
        }
    }

    /// Whether the query's cached data is whole but past its time to live (a strict read misses on an expired field).
    private func hasExpired<Query: GraphQLQuery>(_ query: Query, cache: CacheStore) async -> Bool {
        do throws(CacheError) {
            _ = try await cache.load(query, freshness: .strict)
            return false
        } catch {
            return error.code == .expired
        }
    }

    /// Sets the watch's expiry deadline to the moment the first field its cached data holds expires, or clears it
    /// when none will (or the data is not in the cache whole: a miss is handled as a miss). Data that has expired
    /// already (on a busy machine, a short time to live can pass before the watch looks) is due now, unless an expiry
    /// refetch has just brought it: a server that sends data already expired (`max-age=0`) gets one refetch, not a
    /// loop of them.
    private func scheduleExpiry<Query: GraphQLQuery>(
        _ query: Query, cache: CacheStore, timer: WatchExpiryTimer, afterExpiryRefetch: Bool
    ) async {
        let now = cache.now()
        guard let read = try? await cache.load(query, freshness: .permissive()) else {
            timer.schedule(at: nil, now: now)
            return
        }
        guard read.isStale else {
            timer.schedule(at: read.nextExpiry, now: now)
            return
        }
        timer.schedule(at: afterExpiryRefetch ? nil : now, now: now)
    }

    /// Fetches a watched query from the network after a miss; its records go to the cache and its value to the
    /// watch without a read, as the watch's first network value does.
    private func refetchAfterMiss<Query: GraphQLQuery>(
        _ query: Query,
        options: RequestOptions,
        source: CacheSource<Query.Data>
    ) async -> APIQueryWatch<Query.Data>.Element {
        do throws(APIError) {
            return .success(try await executeOnNetwork(query, options: options, write: source.write))
        } catch {
            return .failure(error)
        }
    }

    private func result<Query: GraphQLQuery>(
        of query: Query,
        options: RequestOptions
    ) async -> APIQueryWatch<Query.Data>.Element {
        do throws(APIError) {
            return .success(try await execute(query, options: options))
        } catch {
            return .failure(error)
        }
    }

    private func cachedElement<Query: GraphQLQuery>(
        _ change: Result<Query.Data, CacheError>,
        for query: Query
    ) -> APIQueryWatch<Query.Data>.Element {
        change.map { APIResponse(value: $0, metadata: Self.cacheMetadata(query, duration: .zero)) }
            .mapError { APIError(cacheError: $0, operationName: query.__operationName) }
    }
}
