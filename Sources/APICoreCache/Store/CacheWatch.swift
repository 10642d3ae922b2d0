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
protocol CacheWatcherEntry: AnyObject, Sendable {
    /// Reads again, emits if the result differs, and returns the fields the result depends on.
    func refresh(in transaction: CacheReadTransaction) -> Set<CacheFieldID>
    /// Takes `value`, which its owner has already delivered, as the current result without reading; `false` when
    /// the value is not of the watched type.
    func adopt(_ value: any Sendable) -> Bool
}

/// The live watchers, and for each field (or whole record, for a record a watcher found missing) the watchers whose
/// last read depended on it: a write looks up the fields it changed instead of testing every watcher.
struct WatcherIndex {
    private(set) var entries: [UInt64: any CacheWatcherEntry] = [:]
    private var dependencies: [UInt64: Set<CacheFieldID>] = [:]
    private var watchersByField: [CacheFieldID: Set<UInt64>] = [:]

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    mutating func insert(_ entry: any CacheWatcherEntry, id: UInt64, dependencies: Set<CacheFieldID>) {
        entries[id] = entry
        setDependencies(dependencies, of: id)
    }

    mutating func remove(_ id: UInt64) -> (any CacheWatcherEntry)? {
        setDependencies([], of: id)
        dependencies[id] = nil
        return entries.removeValue(forKey: id)
    }

    /// Records what the watcher `id` now depends on; nothing for a watcher no longer registered.
    mutating func setDependencies(_ new: Set<CacheFieldID>, of id: UInt64) {
        guard entries[id] != nil else { return }
        let old = dependencies[id] ?? []
        guard old != new else { return }
        for field in old where !new.contains(field) {
            watchersByField[field]?.remove(id)
            if watchersByField[field]?.isEmpty == true { watchersByField[field] = nil }
        }
        for field in new where !old.contains(field) { watchersByField[field, default: []].insert(id) }
        dependencies[id] = new
    }

    /// The watchers a change of `changed` (of everything, when `nil`) may affect, in the order they were made.
    func affected(by changed: Set<CacheFieldID>?) -> [(id: UInt64, entry: any CacheWatcherEntry)] {
        guard let changed else { return entries.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
        var ids: Set<UInt64> = []
        var records: Set<CacheKey> = []
        for field in changed {
            if let watchers = watchersByField[field] { ids.formUnion(watchers) }
            // Any field of a record a watcher found missing.
            if records.insert(field.key).inserted, let watchers = watchersByField[CacheFieldID(wholeRecord: field.key)]
            {
                ids.formUnion(watchers)
            }
        }
        return ids.sorted().compactMap { id in entries[id].map { (id, $0) } }
    }

    /// The keys of every record a watcher depends on.
    var dependedOnKeys: Set<CacheKey> {
        Set(watchersByField.keys.lazy.map(\.key))
    }
}

/// Watches one selection set at one record.
// Safety: the mutable state (`last`) is only touched with the store's writer lock held: on registration, from
// `CacheStore.notifyWatchers`, and from `publish(_:answering:with:)`.
final class SelectionWatcher<Selection: GraphQLSelectionSet>: CacheWatcherEntry, @unchecked Sendable {
    let key: CacheKey
    let variables: JSONObject
    let continuation: AsyncStream<Result<Selection, CacheError>>.Continuation
    private var last: Result<Selection, CacheError>?

    init(key: CacheKey, variables: JSONObject, continuation: AsyncStream<Result<Selection, CacheError>>.Continuation) {
        self.key = key
        self.variables = variables
        self.continuation = continuation
    }

    func refresh(in transaction: CacheReadTransaction) -> Set<CacheFieldID> {
        let (result, dependencies) = transaction.read(Selection.self, key: key, variables: variables)
        if let last, Self.same(last, result) { return dependencies }
        last = result
        continuation.yield(result)
        return dependencies
    }

    func adopt(_ value: any Sendable) -> Bool {
        guard let value = value as? Selection else { return false }
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
        // Under the writer lock: no write lands between the first read and the registration.
        let id = writer.withLock { _ in
            let dependencies = watcher.refresh(in: currentTransaction())
            return state.withLock { state in
                let id = state.makeID()
                state.watchers.insert(watcher, id: id, dependencies: dependencies)
                state.watcherReads += 1
                return id
            }
        }
        continuation.onTermination = { [weak self] _ in
            // Released outside the lock: dropping the last reference to a continuation must not re-enter it.
            let removed = self?.state.withLock { $0.watchers.remove(id) }
            _ = removed
        }
        return CacheWatch(stream: stream, watcherID: id)
    }

    /// Makes every watcher read again: for records that changed underneath the store, such as a SQLite file restored
    /// at launch or written by another process. Watchers whose data did not change emit nothing.
    public func refreshWatchers() {
        writer.withLock { _ in notifyWatchers(of: nil) }
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
        try writer.withLock { _ throws(CacheError) in
            // Pages merged with stored ones make data the watcher has not seen: it reads them as the others do.
            let mergesPages = !records.fieldMerges.isEmpty
            let records = try resolvingFieldMerges(records)
            try checkSize(of: records)
            let changed = try cache.merge(records)
            var answered: UInt64?
            let (layersEmpty, watcher) = state.withLock { ($0.layers.isEmpty, $0.watchers.entries[watcherID]) }
            if layersEmpty, !mergesPages, let watcher, watcher.adopt(value) {
                let dependencies = Set(
                    records.records.values.lazy.flatMap { record in
                        record.fields.keys.map { CacheFieldID(key: record.key, field: $0) }
                    })
                state.withLock { $0.watchers.setDependencies(dependencies, of: watcherID) }
                answered = watcherID
            }
            notifyWatchers(of: changed, skipping: answered)
        }
    }

    /// Refreshes the watchers that depend on any of `changed` (all of them when `nil`), but `skipping`, found
    /// through the index; called with the writer lock held, so the layers they read cannot change meanwhile. The
    /// reads run outside the state lock, so reads by others go on.
    func notifyWatchers(of changed: Set<CacheFieldID>?, skipping: UInt64? = nil) {
        if let changed, changed.isEmpty { return }
        let (affected, layers) = state.withLock { ($0.watchers.affected(by: changed), $0.layers) }
        guard !affected.isEmpty else { return }
        let transaction = CacheReadTransaction(store: self, layers: layers)
        var refreshed: [(id: UInt64, dependencies: Set<CacheFieldID>)] = []
        for (id, watcher) in affected where id != skipping {
            refreshed.append((id, watcher.refresh(in: transaction)))
        }
        state.withLock { state in
            for (id, dependencies) in refreshed { state.watchers.setDependencies(dependencies, of: id) }
            state.watcherReads += refreshed.count
        }
    }
}
