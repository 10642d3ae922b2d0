/// Where a call reads the cache and where its network records go: the client's store, or a watch of it that the
/// call delivers for.
struct CacheSource<Data: GraphQLSelectionSet>: Sendable {
    /// The store read and written.
    let store: CacheStore
    /// The watch the call delivers for, if any.
    private let watch: CacheWatch<Data>?
    /// The watch's first result, which is the call's first read.
    private let current: Result<Data, CacheError>?

    /// Reads and writes `store`.
    init(_ store: CacheStore) {
        self.store = store
        watch = nil
        current = nil
    }

    /// Reads and writes for `watch`, whose first result `current` answers the call's first read; a read after the
    /// network failed reads anew. The network's value goes to the watch without a read back.
    init(_ watch: CacheWatch<Data>, current: Result<Data, CacheError>) {
        store = watch.store
        self.watch = watch
        self.current = current
    }

    /// What the network's records are written with.
    var write: CacheWrite<Data> {
        watch.map { .delivering(to: $0) } ?? .publish(store)
    }

    /// The operation's data as the cache holds it, with the errors of the fields missing from it when `partial`
    /// (a watch reads whole data); `afterNetworkFailure` for the read that answers for a failed network call.
    func read<Operation: GraphQLOperation>(
        _ operation: Operation,
        afterNetworkFailure: Bool,
        partial: Bool
    ) async throws(CacheError) -> (data: Data, errors: [GraphQLError]) where Operation.Data == Data {
        if let watch {
            if !afterNetworkFailure, let current { return (try current.get(), []) }
            return (try await watch.read().get(), [])
        }
        guard partial else { return (try await store.load(operation), []) }
        // One read: what the cache holds, with the misses as errors; the first miss (the one a whole read would have
        // failed with) when not even that can be built.
        let read = try await store.loadPartial(operation)
        guard let value = read.value else {
            throw read.misses.first ?? CacheError(.missingRecord, key: .root(of: Operation.operationType))
        }
        return (value, read.errors)
    }
}
