import APICoreGraphQL

/// The successive results of a watched query or fragment: the current one first, then a new one each time a write
/// changes the data (another query, a mutation, a manual write, an optimistic layer, records restored from disk).
///
/// Writes that leave the data as it was emit nothing. A miss (a field evicted or expired) is an element too, as a
/// ``CacheError``, so a screen can refetch; while the data stays missing, further writes emit nothing. Iteration
/// ends when the consuming task is cancelled; the watcher is then removed from the store.
public struct CacheWatch<Value: Sendable & Hashable>: AsyncSequence, Sendable {
    /// The current result of the watch, or the ``CacheError`` of a miss.
    public typealias Element = Result<Value, CacheError>

    let stream: AsyncStream<Element>
    /// The watcher's identity in its store, for a write that answers it (``CacheStore/publish(_:answering:with:)``).
    package let watcherID: UInt64

    /// An iterator over the results; the watcher stays in the store until the iterating task is cancelled.
    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
        stream.makeAsyncIterator()
    }
}

/// A watcher as the store keeps it.
protocol CacheWatcherEntry: AnyObject {
    /// The fields whose change can change the watcher's result.
    var dependencies: Set<CacheFieldID> { get }
    /// Reads again and emits if the result differs.
    func refresh(in transaction: CacheReadTransaction)
    /// Takes `value`, which its owner has already delivered, as the current result without reading, with the fields
    /// it depends on; `false` when the value is not of the watched type.
    func adopt(_ value: any Sendable, dependencies: Set<CacheFieldID>) -> Bool
}

/// Watches one selection set at one record.
// Safety: the mutable state (`last`, `dependencies`) is only touched with the store's lock held: on registration and
// from `CacheStore.notifyWatchers`, both inside `state.withLock`.
final class SelectionWatcher<Selection: GraphQLSelectionSet>: CacheWatcherEntry, @unchecked Sendable {
    let key: CacheKey
    let variables: JSONObject
    let continuation: AsyncStream<Result<Selection, CacheError>>.Continuation
    private(set) var dependencies: Set<CacheFieldID> = []
    private var last: Result<Selection, CacheError>?

    init(key: CacheKey, variables: JSONObject, continuation: AsyncStream<Result<Selection, CacheError>>.Continuation) {
        self.key = key
        self.variables = variables
        self.continuation = continuation
    }

    func refresh(in transaction: CacheReadTransaction) {
        let (result, dependencies) = transaction.read(Selection.self, key: key, variables: variables)
        self.dependencies = dependencies
        if let last, Self.same(last, result) { return }
        last = result
        continuation.yield(result)
    }

    func adopt(_ value: any Sendable, dependencies: Set<CacheFieldID>) -> Bool {
        guard let value = value as? Selection else { return false }
        self.dependencies = dependencies
        last = .success(value)
        return true
    }

    private static func same(_ lhs: Result<Selection, CacheError>, _ rhs: Result<Selection, CacheError>) -> Bool {
        switch (lhs, rhs) {
        case (.success(let left), .success(let right)): left == right
        // One miss after another is no change of data: nothing to show either way.
        case (.failure, .failure): true
        default: false
        }
    }
}

extension CacheStore {
    /// Watches an operation's cached data (a query, usually).
    public func watch<Operation: GraphQLOperation>(_ operation: Operation) -> CacheWatch<Operation.Data> {
        watch(Operation.Data.self, key: .root(of: Operation.operationType), variables: operation.effectiveVariables)
    }

    /// Watches a selection set (a fragment, usually) at the record with the given key.
    public func watch<Selection: GraphQLSelectionSet>(
        _ type: Selection.Type,
        key: CacheKey,
        variables: JSONObject = JSONObject()
    ) -> CacheWatch<Selection> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Result<Selection, CacheError>.self, bufferingPolicy: .unbounded)
        let watcher = SelectionWatcher(key: key, variables: variables, continuation: continuation)
        let id = state.withLock { state in
            let id = state.makeID()
            state.watchers[id] = watcher
            watcher.refresh(in: CacheReadTransaction(store: self, layers: state.layers))
            state.watcherReads += 1
            return id
        }
        continuation.onTermination = { [weak self] _ in
            // Released outside the lock: dropping the last reference to a continuation must not re-enter it.
            let removed = self?.state.withLock { $0.watchers.removeValue(forKey: id) }
            _ = removed
        }
        return CacheWatch(stream: stream, watcherID: id)
    }

    /// Makes every watcher read again: for records that changed underneath the store, such as a SQLite file restored
    /// at launch or written by another process. Watchers whose data did not change emit nothing.
    public func refreshWatchers() {
        state.withLock { state in notifyWatchers(of: nil, in: &state) }
    }

    /// The number of live watchers.
    public var watcherCount: Int { state.withLock { $0.watchers.count } }

    /// How many times watchers have read their data, their first reads included: what watching costs the store.
    public var watcherReadCount: Int { state.withLock { $0.watcherReads } }

    /// Merges `records`, the result of a call made for the watcher `watcherID`, which delivers `value` (their data)
    /// itself: that watcher takes `value` as its current result without reading it back, and the others are
    /// notified as after ``publish(_:)``. With optimistic layers over the records, what the watcher reads may differ
    /// from `value`, so it reads as the others do.
    package func publish(_ records: RecordSet, answering watcherID: UInt64, with value: any Sendable) throws(CacheError)
    {
        try state.withLock { state throws(CacheError) in
            // Pages merged with stored ones make data the watcher has not seen: it reads them as the others do.
            let mergesPages = !records.fieldMerges.isEmpty
            let records = try resolvingFieldMerges(records)
            try checkSize(of: records)
            let changed = try cache.merge(records)
            var answered: UInt64?
            if state.layers.isEmpty, !mergesPages, let watcher = state.watchers[watcherID] {
                let dependencies = Set(
                    records.records.values.lazy.flatMap { record in
                        record.fields.keys.map { CacheFieldID(key: record.key, field: $0) }
                    })
                if watcher.adopt(value, dependencies: dependencies) { answered = watcherID }
            }
            notifyWatchers(of: changed, in: &state, skipping: answered)
        }
    }

    /// Refreshes the watchers that depend on any of `changed` (all of them when `nil`), but `skipping`; called with
    /// the lock held.
    func notifyWatchers(of changed: Set<CacheFieldID>?, in state: inout StoreState, skipping: UInt64? = nil) {
        guard !state.watchers.isEmpty, changed.map({ !$0.isEmpty }) ?? true else { return }
        let transaction = CacheReadTransaction(store: self, layers: state.layers)
        for id in state.watchers.keys.sorted() where id != skipping {
            guard let watcher = state.watchers[id] else { continue }
            if let changed, !Self.intersects(watcher.dependencies, changed) { continue }
            watcher.refresh(in: transaction)
            state.watcherReads += 1
        }
    }

    /// Whether a change touches what a watcher read: the same field, or any field of a record it found missing.
    private static func intersects(_ dependencies: Set<CacheFieldID>, _ changed: Set<CacheFieldID>) -> Bool {
        changed.contains { field in
            dependencies.contains(field) || dependencies.contains(CacheFieldID(wholeRecord: field.key))
        }
    }
}
