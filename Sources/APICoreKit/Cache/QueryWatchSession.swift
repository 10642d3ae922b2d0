/// One watch of a query (``APIClient/watch(_:cachePolicy:options:)``): its first values by the cache policy, then each
/// change the cache reports, a refetch when a change leaves the data incomplete, a refetch each time
/// ``APIQueryWatch/refetch()`` asks, and, when asked, a refetch when it expires; every element goes to the watch's
/// stream.
struct QueryWatchSession<Query: GraphQLQuery>: Sendable {
    let client: APIClient
    let query: Query
    let options: RequestOptions
    let output: WatchOutput<APIQueryWatch<Query.Data>.Element>
    let control: WatchRefetchControl

    /// Runs the watch until its consumer stops iterating.
    func run() async {
        guard let cache = client.configuration.cache else {
            output.yield(await result())
            return
        }
        // Observed before anything else, so no write between the first value and the observation goes unseen.
        let watch = cache.watch(query)
        var changes = watch.makeAsyncIterator()
        guard let (current, currentErrors) = await changes.nextWithFieldErrors() else { return }
        // The watch's first result is the plan's first read; the network's value goes to the watch as the one its
        // later results are measured against, so only writes that change the data come next.
        let source = CacheSource(watch, current: current, currentFieldErrors: currentErrors)
        do throws(APIError) {
            let answer = try await client.follow(
                query, plan: client.plan(of: query, options: options), options: options, cache: source,
                early: { output.yield(.success($0)) })
            output.yield(.success(answer))
        } catch {
            output.yield(.failure(error))
        }
        var refetch = WatchRefetchGuard(options: options, policy: client.cachePolicy(of: options))
        /// Fetches the query from the network for the watch and delivers the value (or the failure); returns the
        /// element's number.
        @discardableResult
        func refetchAndDeliver() async -> Int? {
            // Its records are written for the watch, which measures later changes against its value.
            let element = await refetchAfterMiss(source: source)
            if case .success(let response) = element, response.metadata.cacheWriteError == nil {
                refetch.completeValueDelivered()
            }
            return output.yield(element)
        }
        func handle(_ change: Result<Query.Data, CacheError>, fieldErrors: [GraphQLError]) async {
            switch change {
            case .success:
                refetch.completeValueDelivered()
                output.yield(cachedElement(change, fieldErrors: fieldErrors))
            case .failure(let error) where error.isMiss && refetch.takeRefetch():
                // The miss is not delivered: the value that repairs it (or the refetch's failure) is.
                await refetchAndDeliver()
            case .failure:
                output.yield(cachedElement(change, fieldErrors: []))
            }
        }
        let expires = options.refetchesOnExpiry && client.cachePolicy(of: options) != .cacheOnly
        // Changes, refetch requests and expiry deadlines, one at a time, in the order they come.
        let (events, input) = AsyncStream.makeStream(of: WatchEvent<Query.Data>.self, bufferingPolicy: .unbounded)
        // The watch's first result was taken above; iterating it afresh goes on from there.
        let forwarding = Task {
            var changes = watch.makeAsyncIterator()
            while let (change, fieldErrors) = await changes.nextWithFieldErrors() {
                input.yield(.change(change, fieldErrors: fieldErrors))
            }
            input.finish()
        }
        let requests = Task {
            for await id in control.requests { input.yield(.refetch(id)) }
        }
        let expiry = expires ? WatchExpiryTimer { input.yield(.expired($0)) } : nil
        defer {
            forwarding.cancel()
            requests.cancel()
            expiry?.cancel()
        }
        if let expiry { await scheduleExpiry(cache: cache, timer: expiry, afterExpiryRefetch: false) }
        for await event in events {
            var refetchedOnExpiry = false
            switch event {
            case .change(let change, let fieldErrors):
                await handle(change, fieldErrors: fieldErrors)
            case .refetch(let id):
                control.complete(id, sequence: await refetchAndDeliver())
            case .expired(let deadline) where expiry?.isCurrent(deadline) == true:
                // Once per expiry, and only if what the watch shows has expired still: a write since (a refetch after
                // a miss, another query) may have refreshed it. The refetched value's own expiry sets the next
                // deadline.
                guard await hasExpired(cache: cache) else { break }
                await refetchAndDeliver()
                refetchedOnExpiry = true
            case .expired:
                continue
            }
            if let expiry {
                await scheduleExpiry(cache: cache, timer: expiry, afterExpiryRefetch: refetchedOnExpiry)
            }
        }
    }

    /// Whether the query's cached data is whole but past its time to live (a strict read misses on an expired field).
    private func hasExpired(cache: CacheStore) async -> Bool {
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
    private func scheduleExpiry(cache: CacheStore, timer: WatchExpiryTimer, afterExpiryRefetch: Bool) async {
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

    /// Fetches a watched query from the network (after a miss, an expiry, or when asked); its records go to the cache
    /// and its value to the watch without a read, as the watch's first network value does.
    private func refetchAfterMiss(source: CacheSource<Query.Data>) async -> APIQueryWatch<Query.Data>.Element {
        do throws(APIError) {
            return .success(try await client.executeOnNetwork(query, options: options, write: source.write))
        } catch {
            return .failure(error)
        }
    }

    /// The one value of a watch without a cache.
    private func result() async -> APIQueryWatch<Query.Data>.Element {
        do throws(APIError) {
            return .success(try await client.execute(query, options: options))
        } catch {
            return .failure(error)
        }
    }

    /// A change the cache reported, as the watch delivers it: with the server's errors the cache holds for its fields.
    private func cachedElement(
        _ change: Result<Query.Data, CacheError>, fieldErrors: [GraphQLError]
    ) -> APIQueryWatch<Query.Data>.Element {
        change.map {
            APIResponse(value: $0, errors: fieldErrors, metadata: APIClient.cacheMetadata(query, duration: .zero))
        }
        .mapError { APIError(cacheError: $0, operationName: query.__operationName) }
    }
}
