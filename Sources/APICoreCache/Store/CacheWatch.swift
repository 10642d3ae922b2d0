import APICoreGraphQL
import APICoreJSON

/// The successive results of a watched query or fragment: the current one first, then a new one after writes change
/// the data (another query, a mutation, a manual write, an optimistic layer, records restored from disk).
///
/// Writes that leave the data as it was emit nothing. A miss (a field evicted or expired) is an element too, as a
/// ``CacheError``, so a screen can refetch; while the data stays missing, further writes emit nothing. A burst of
/// writes that lands before the watcher has read again gives one result, the data after the last of them. Iteration
/// ends when the consuming task is cancelled; the watcher is then removed from the store.
public struct CacheWatch<Value: Sendable & Hashable>: AsyncSequence, Sendable {
    /// The current result of the watch, or the ``CacheError`` of a miss.
    public typealias Element = Result<Value, CacheError>

    let stream: AsyncStream<Emission>
    let watcher: Watcher<Value>
    /// The store the watch reads.
    package let store: CacheStore

    /// An iterator over the results; the watcher stays in the store until the iterating task is cancelled.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator(), watcher: watcher)
    }

    /// Merges `records`, the result of a call made for this watch, whose data `value` the caller delivers itself: the
    /// watch takes `value` as its current result without reading it back, and later results are measured against
    /// it. Other watchers are notified as after ``CacheStore/publish(_:)``. When optimistic layers lie over the
    /// records, or the records merge pages into stored ones, the watch also reads the data again and emits it if it
    /// differs from `value`. With no records (a response not to be stored), or when the write fails, the watch still
    /// takes `value`.
    package func publish(_ records: RecordSet, delivering value: Value) throws(CacheError) {
        try store.publish(records, delivering: value, to: watcher)
    }

    /// Reads the watched data now, where the cache reads, and takes the result as what the caller delivers, with the
    /// field errors the read met; a result the watch emitted meanwhile from a later state still comes after it.
    package func read() async -> (result: Result<Value, CacheError>, fieldErrors: [GraphQLError]) {
        await store.read(for: watcher)
    }

    /// One result as the store emits it, with the field errors its read met and the sequence number of the write it
    /// reflects.
    struct Emission: Sendable {
        let result: Result<Value, CacheError>
        let fieldErrors: [GraphQLError]
        let sequence: UInt64
    }

    /// Iterates a watch's results, leaving out any the watch's owner has superseded by delivering newer data itself,
    /// and any equal to what the consumer was given last.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<Emission>.Iterator
        let watcher: Watcher<Value>

        /// The next result, or `nil` once the consuming task is cancelled.
        public mutating func next() async -> Element? {
            await nextWithFieldErrors()?.result
        }

        /// The next result with the server's errors the cache holds for fields it read (``CacheRead/fieldErrors``),
        /// or `nil` once the consuming task is cancelled.
        package mutating func nextWithFieldErrors() async -> (result: Element, fieldErrors: [GraphQLError])? {
            while let emission = await base.next() {
                if let result = watcher.take(emission) { return (result, emission.fieldErrors) }
            }
            return nil
        }

        /// The next result, or `nil` once the consuming task is cancelled.
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            while let emission = await base.next(isolation: actor) {
                if let result = watcher.take(emission) { return result }
            }
            return nil
        }
    }
}

/// A watcher as the store's index keeps it, whatever it watches.
protocol CacheWatcherEntry: AnyObject, Sendable {
    var id: UInt64 { get }
    /// Reads the watched data in `transaction`, a consistent view; nothing is emitted until the read is offered.
    func read(in transaction: CacheReadTransaction) -> WatcherRead
    /// A read that could not open its view.
    func failedRead(_ error: CacheError) -> WatcherRead
}

/// A watcher's read, ready to be emitted once the store knows it was consistent.
struct WatcherRead: Sendable {
    /// The fields (and whole records, for one found missing) the read depended on.
    let dependencies: Set<CacheFieldID>
    /// Emits the result, which reflects the writes up to the given sequence number, if it differs from the watcher's
    /// last; `false` (emitting nothing) when the watcher already holds a result of a later write.
    let offer: @Sendable (_ sequence: UInt64) -> Bool
}

/// Watches one selection set at one record, and keeps what its consumer has last been given.
final class Watcher<Value: Sendable & Hashable>: CacheWatcherEntry {
    let id: UInt64
    /// Reads the watched data, with the fields the read depended on and the field errors it met.
    let reader: @Sendable (CacheReadTransaction) -> WatcherReadResult<Value>
    private let continuation: AsyncStream<CacheWatch<Value>.Emission>.Continuation
    private let delivered = Lock(Delivered())

    /// What the watcher emitted and its consumer was given last.
    private struct Delivered {
        /// The last result emitted, or taken from the owner as the data the cache holds.
        var last: Result<Value, CacheError>?
        /// The change `last` reflects.
        var sequence: UInt64 = 0
        /// The change reflected by the last value the owner delivered itself; emissions of earlier changes are stale.
        var adopted: UInt64 = 0
        /// The last result the consumer was given, by the iterator or by the owner.
        var shown: Result<Value, CacheError>?
        /// The field errors that came with `last` and `shown`; `nil` when the owner delivered the result itself (its
        /// errors, as a response's, are not the cache's to compare).
        var lastFieldErrors: [GraphQLError]?
        var shownFieldErrors: [GraphQLError]?
    }

    init(
        id: UInt64,
        reader: @escaping @Sendable (CacheReadTransaction) -> WatcherReadResult<Value>,
        continuation: AsyncStream<CacheWatch<Value>.Emission>.Continuation
    ) {
        self.id = id
        self.reader = reader
        self.continuation = continuation
    }

    func read(in transaction: CacheReadTransaction) -> WatcherRead {
        let read = reader(transaction)
        return WatcherRead(dependencies: read.dependencies) { [self] sequence in
            offer(read.value, fieldErrors: read.fieldErrors, sequence: sequence)
        }
    }

    func failedRead(_ error: CacheError) -> WatcherRead {
        WatcherRead(dependencies: []) { [self] sequence in offer(.failure(error), fieldErrors: [], sequence: sequence) }
    }

    /// Emits `result` with the field errors its read met, read as of change `sequence`, unless it is what was
    /// emitted last or older than it.
    func offer(_ result: Result<Value, CacheError>, fieldErrors: [GraphQLError], sequence: UInt64) -> Bool {
        delivered.withLock { delivered in
            guard sequence >= delivered.sequence else { return false }
            delivered.sequence = sequence
            if let last = delivered.last, Self.same(last, delivered.lastFieldErrors, result, fieldErrors) {
                return true
            }
            delivered.last = result
            delivered.lastFieldErrors = fieldErrors
            // Yielded under the lock, so emissions go out in the order of their changes.
            continuation.yield(CacheWatch.Emission(result: result, fieldErrors: fieldErrors, sequence: sequence))
            return true
        }
    }

    /// Takes `result`, which the owner delivers itself and which the cache holds as of change `sequence`, as the last
    /// result both emitted and shown; with the field errors a read of it met, when it was read (`nil` for a network
    /// value, whose errors are the response's: a later read with the same data then counts as no change whatever
    /// its field errors).
    func adopt(_ result: Result<Value, CacheError>, fieldErrors: [GraphQLError]? = nil, sequence: UInt64) {
        delivered.withLock { delivered in
            if sequence >= delivered.sequence {
                delivered.last = result
                delivered.lastFieldErrors = fieldErrors
                delivered.sequence = sequence
            }
            delivered.adopted = max(delivered.adopted, sequence)
            delivered.shown = result
            delivered.shownFieldErrors = fieldErrors
        }
    }

    /// Notes `value`, which the owner delivers itself but the cache does not hold (a response not to be stored, a
    /// write that failed), as shown after `sequence`, a number after every change so far; what the cache holds is
    /// still measured against what was emitted, so the cache's data is emitted over it only once it changes, and reads
    /// older than `sequence` are overtaken.
    func acknowledge(_ value: Value, sequence: UInt64) {
        delivered.withLock { delivered in
            delivered.sequence = max(delivered.sequence, sequence)
            delivered.adopted = max(delivered.adopted, sequence)
            delivered.shown = .success(value)
            delivered.shownFieldErrors = nil
        }
    }

    /// The result of `emission` for the consumer, or `nil` when it is stale (older than a value the owner delivered)
    /// or what the consumer was given last: the one place that decides whether the consumer sees a change.
    func take(_ emission: CacheWatch<Value>.Emission) -> Result<Value, CacheError>? {
        delivered.withLock { delivered in
            guard emission.sequence >= delivered.adopted else { return nil }
            if let shown = delivered.shown,
                Self.same(shown, delivered.shownFieldErrors, emission.result, emission.fieldErrors)
            {
                return nil
            }
            delivered.shown = emission.result
            delivered.shownFieldErrors = emission.fieldErrors
            return emission.result
        }
    }

    /// Whether a result with its field errors is no change from an earlier one: the same data, and the same errors
    /// unless the earlier one's are not known.
    private static func same(
        _ lhs: Result<Value, CacheError>, _ lhsErrors: [GraphQLError]?, _ rhs: Result<Value, CacheError>,
        _ rhsErrors: [GraphQLError]
    ) -> Bool {
        guard same(lhs, rhs) else { return false }
        guard case .success = rhs, let lhsErrors else { return true }
        return lhsErrors == rhsErrors
    }

    private static func same(_ lhs: Result<Value, CacheError>, _ rhs: Result<Value, CacheError>) -> Bool {
        switch (lhs, rhs) {
        case (.success(let left), .success(let right)): left == right
        // One miss after another is no change of data: nothing to show either way.
        case (.failure, .failure): true
        default: false
        }
    }
}

/// The live watchers; for each field (or whole record, for a record a watcher found missing) the watchers whose last
/// read depended on it, so that a write looks up the fields it changed instead of testing every watcher; and the
/// watchers due to read again.
struct WatcherIndex {
    private(set) var entries: [UInt64: any CacheWatcherEntry] = [:]
    private var dependencies: [UInt64: Set<CacheFieldID>] = [:]
    private var watchersByField: [CacheFieldID: Set<UInt64>] = [:]
    /// Watchers a write may have changed the data of, which have not read since, each with the number of the last
    /// such change.
    private(set) var due: [UInt64: UInt64] = [:]

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    mutating func insert(_ entry: any CacheWatcherEntry, dependencies: Set<CacheFieldID>) {
        entries[entry.id] = entry
        setDependencies(dependencies, of: entry.id)
    }

    mutating func remove(_ id: UInt64) -> (any CacheWatcherEntry)? {
        setDependencies([], of: id)
        dependencies[id] = nil
        due[id] = nil
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

    /// Makes the watchers that a change of `changed` (of everything, when `nil`), numbered `sequence`, may affect due
    /// to read again, but `skipping`.
    mutating func markAffected(by changed: Set<CacheFieldID>?, sequence: UInt64, skipping: UInt64? = nil) {
        guard let changed else {
            for id in entries.keys where id != skipping { due[id] = sequence }
            return
        }
        var records: Set<CacheKey> = []
        for field in changed {
            for id in watchersByField[field] ?? [] where id != skipping { due[id] = sequence }
            // Any field of a record a watcher found missing.
            if records.insert(field.key).inserted {
                for id in watchersByField[CacheFieldID(wholeRecord: field.key)] ?? [] where id != skipping {
                    due[id] = sequence
                }
            }
        }
    }

    /// Makes the watcher `id` due to read again after the change numbered `sequence`.
    mutating func markDue(_ id: UInt64, sequence: UInt64) {
        if entries[id] != nil { due[id] = max(due[id] ?? 0, sequence) }
    }

    /// The watcher `id` has read a view holding every change up to `sequence`: the changes that made it due since it
    /// was taken are in what it read.
    mutating func markRead(_ id: UInt64, through sequence: UInt64) {
        if let change = due[id], change <= sequence { due[id] = nil }
    }

    /// The watchers due to read, in the order they were made; none are due afterwards.
    mutating func takeDue() -> [any CacheWatcherEntry] {
        let taken = due.keys.sorted().compactMap { entries[$0] }
        due.removeAll(keepingCapacity: true)
        return taken
    }

    /// Whether a read that depended on `dependencies` depends on any field of `changed` (on anything, when `nil`).
    static func depends(_ dependencies: Set<CacheFieldID>, on changed: Set<CacheFieldID>?) -> Bool {
        guard let changed else { return true }
        for field in changed
        where dependencies.contains(field) || dependencies.contains(CacheFieldID(wholeRecord: field.key)) {
            return true
        }
        return false
    }

    /// The keys of every record a watcher depends on.
    var dependedOnKeys: Set<CacheKey> {
        Set(watchersByField.keys.lazy.map(\.key))
    }
}

/// What a watcher's read found: the data or the miss, the fields it depended on, and the field errors it met.
struct WatcherReadResult<Value: Sendable>: Sendable {
    let value: Result<Value, CacheError>
    let dependencies: Set<CacheFieldID>
    let fieldErrors: [GraphQLError]
}
