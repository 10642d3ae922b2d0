/// Where a call reads the cache and where its network records go: the client's store, or a watch of it that the
/// call delivers for.
struct CacheSource<Data: GraphQLSelectionSet>: Sendable {
    /// The store read and written.
    let store: CacheStore
    /// The watch the call delivers for, if any.
    private let watch: CacheWatch<Data>?
    /// The watch's first result, which is the call's first read, and the field errors the cache holds for it.
    private let current: Result<Data, CacheError>?
    private let currentFieldErrors: [GraphQLError]

    /// Reads and writes `store`.
    init(_ store: CacheStore) {
        self.store = store
        watch = nil
        current = nil
        currentFieldErrors = []
    }

    /// Reads and writes for `watch`, whose first result `current` answers the call's first read; a read after the
    /// network failed reads anew. The network's value goes to the watch without a read back.
    init(_ watch: CacheWatch<Data>, current: Result<Data, CacheError>, currentFieldErrors: [GraphQLError] = []) {
        store = watch.store
        self.watch = watch
        self.current = current
        self.currentFieldErrors = currentFieldErrors
    }

    /// What the network's records are written with.
    var write: CacheWrite<Data> {
        watch.map { .delivering(to: $0) } ?? .publish(store)
    }

    /// The operation's data as the cache holds it, with the server's errors the cache holds for its fields and the
    /// errors of the fields missing from it when `partial` (a watch reads whole data) and the fields past their time to live that `freshness` serves; `afterNetworkFailure`
    /// for the read that answers for a failed network call.
    func read<Operation: GraphQLOperation>(
        _ operation: Operation,
        afterNetworkFailure: Bool,
        partial: Bool,
        freshness: CacheFreshness
    ) async throws(CacheError) -> (data: Data, errors: [GraphQLError], staleFields: [CacheStaleField])
    where Operation.Data == Data {
        if let watch {
            // The watch reads strictly: a value it read is fresh, and a permissive read that its expiry failed goes
            // to the store.
            if !afterNetworkFailure, let current {
                if case .success(let data) = current { return (data, currentFieldErrors, []) }
                if freshness == .strict { return (try current.get(), [], []) }
            } else if freshness == .strict {
                let read = await watch.read()
                return (try read.result.get(), read.fieldErrors, [])
            }
        }
        guard partial else {
            let read = try await store.load(operation, freshness: freshness)
            return (read.value, read.fieldErrors, read.staleFields)
        }
        // One read: what the cache holds, with the misses as errors; the first miss (the one a whole read would have
        // failed with) when not even that can be built.
        let read = try await store.loadPartial(operation, freshness: freshness)
        guard let value = read.value else {
            throw read.misses.first ?? CacheError(.missingRecord, key: .root(of: operation.__operationType))
        }
        return (value, read.errors, read.staleFields)
    }
}
