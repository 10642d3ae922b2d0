import APICoreGraphQL
import APICoreJSON
import Foundation

/// The normalized cache: typed reads and writes of operations and fragments over records, with watchers, optimistic
/// layers, expiry and garbage collection.
///
/// How data flows through it:
/// 1. A response is decoded with a normalizer attached (`decode(_:from:variables:rootKey:maxAge:)`): one walk over
///    the JSON gives the typed data and the records.
/// 2. The records are merged into the ``NormalizedCache`` underneath (memory, SQLite, or both) in one write, which
///    reports the fields whose values changed.
/// 3. Every watcher that read one of those fields is due to read its data again, which a task of the store's does
///    after the write has returned; it emits only if the result differs from what its consumer was given last.
/// 4. Reads rebuild response JSON from the records, with optimistic layers on top, and decode it with the generated
///    types' own initializer, failing with the exact record, field and path on a miss.
///
/// Who waits for whom:
/// - **Writes** (publish, evict, optimistic layers, clear, garbage collection) go one at a time, in order, through the
///   store's writer lock. They do not wait for the watchers they affect.
/// - **Reads** take no lock of the store's beyond a moment's look at its optimistic layers and change count: they run concurrently
///   with each other and with a write, each on one consistent view of the records (a SQLite read transaction, the
///   in-memory cache's lock for the length of the read), so each sees every write whole or not at all. The awaited
///   reads (``load(_:)``, ``loadPartial(_:freshness:)``) run where the cache reads: a SQLite cache on its readers' own queues,
///   never blocking a thread of Swift's concurrency pool on the disk.
/// - **Watchers** are indexed by the fields (and records) their last read depended on: a write finds the ones it
///   affects by looking up the fields it changed, so its cost follows what changed, not how many watchers there are.
///   They re-read in batches, each on one consistent view, concurrently with reads and writes; writes that land
///   before a watcher has read again give it one read (see ``waitForWatchers()``).
public final class CacheStore: Sendable {
    /// The records underneath.
    public let cache: any NormalizedCache
    /// Which objects have an identity.
    public let keyResolver: CacheKeyResolver
    /// How long fields are served.
    public let expiry: CacheExpiryPolicy
    /// The clock for expiry, injectable for tests.
    public let now: @Sendable () -> Date
    /// The most records one write may hold (100,000 by default); `nil` for no limit.
    ///
    /// A response that normalizes to more records is not written at all: the write fails with
    /// ``CacheError/Code/tooLarge``, which the client reports in the response's metadata, and the response itself is
    /// still delivered. The bound keeps one hostile or runaway response from filling the cache, its file or memory.
    public let maximumRecordsPerWrite: Int?
    /// The default of ``maximumRecordsPerWrite``.
    public static let defaultMaximumRecordsPerWrite = 100_000
    /// How much the cache may hold; `nil` (the default) for no bound. With limits, the store trims the cache to them
    /// (``trim(to:)``: least recently written first, never what a live watcher reads) after writes that add up to a
    /// tenth of the record bound (at least 64 records, or 256 without a record bound), so a write rarely pays for it.
    public let limits: CacheLimits?

    let state = Lock(StoreState())
    /// Makes one write at a time; taken before `state` wherever both are held. Its value is unused: ThreadSanitizer's
    /// access checks place an empty value at the lock object's first byte, where its generic code reads the type, and
    /// report a race.
    let writer = Lock<UInt8>(0)
    /// How many times a read tries before it reads with writes held off, when clears keep overtaking it.
    private static let readAttempts = 3

    /// A store over the given records.
    public init(
        cache: any NormalizedCache = InMemoryNormalizedCache(),
        keyResolver: CacheKeyResolver = CacheKeyResolver(),
        expiry: CacheExpiryPolicy = CacheExpiryPolicy(),
        maximumRecordsPerWrite: Int? = defaultMaximumRecordsPerWrite,
        limits: CacheLimits? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.cache = cache
        self.keyResolver = keyResolver
        self.expiry = expiry
        self.maximumRecordsPerWrite = maximumRecordsPerWrite
        self.limits = limits
        self.now = now
    }

    // MARK: - Decoding and normalizing in one pass

    /// Decodes response data as `type` and normalizes it in the same walk; nothing is written yet. The records'
    /// fields are served for `maxAge` at most (a response's `Cache-Control: max-age`); `observer`, if any, sees the
    /// walk too.
    public func decode<Selection: GraphQLSelectionSet>(
        _ type: Selection.Type,
        from data: JSONObject,
        variables: JSONObject,
        rootKey: CacheKey,
        maxAge: Duration? = nil,
        observer: (any GraphQLDecodingObserver)? = nil
    ) throws(GraphQLDecodingError) -> (data: Selection, records: RecordSet) {
        try decode(
            GraphQLSelectionTree(type), as: type, from: data, variables: variables, rootKey: rootKey, maxAge: maxAge,
            observer: observer)
    }

    /// Decodes response data read with `selections` as `type` and normalizes it in the same walk: for an operation's
    /// data, whose selections (`__dataSelections`) may have been compiled at run time. They must describe `type`.
    /// The fields that `fieldErrors` (the response's errors) say failed are stored as those errors.
    package func decode<Selection: GraphQLSelectionSet>(
        _ selections: GraphQLSelectionTree,
        as type: Selection.Type,
        from data: JSONObject,
        variables: JSONObject,
        rootKey: CacheKey,
        maxAge: Duration? = nil,
        fieldErrors: [GraphQLError] = [],
        observer: (any GraphQLDecodingObserver)? = nil
    ) throws(GraphQLDecodingError) -> (data: Selection, records: RecordSet) {
        let normalizer = ResponseNormalizer(
            rootKey: rootKey, variables: variables, resolver: keyResolver, expiry: expiry, maxAge: maxAge, now: now(),
            fieldErrors: fieldErrors)
        let context = GraphQLDecodingContext(
            variables: variables, observer: observer.map { ObserverPair(normalizer, $0) } ?? normalizer)
        let value = try Selection(reader: GraphQLObjectReader(object: data, selections: selections, context: context))
        return (value, normalizer.takeRecords())
    }

    /// The records of response data in which a field the response reports an error for (or one above it) is `null`
    /// whatever its type, as a server sends it under `onError: NULL`, or as it takes the `null` of a non-null field up
    /// to a field the operation reads as non-null: the failed fields are stored as their errors and everything else
    /// as sent, where typed data (which the caller builds from the data with the nulls gone up, as the spec's
    /// propagation would have them) keeps less. Throws as a decode does for anything else wrong with the data.
    package func records(
        ofDataWithFieldErrors data: JSONObject,
        selections: GraphQLSelectionTree,
        variables: JSONObject,
        rootKey: CacheKey,
        maxAge: Duration? = nil,
        fieldErrors: [GraphQLError]
    ) throws(GraphQLDecodingError) -> RecordSet {
        let normalizer = ResponseNormalizer(
            rootKey: rootKey, variables: variables, resolver: keyResolver, expiry: expiry, maxAge: maxAge, now: now(),
            fieldErrors: fieldErrors)
        // A `null` at an error's path, or above it where a server took a non-null field's `null` up (a field the
        // operation reads as non-null, such as a semantically non-null one, may hold it).
        let erroredPaths = Set(fieldErrors.compactMap(\.path).flatMap(\.prefixes))
        let context = GraphQLDecodingContext(variables: variables, observer: normalizer, erroredPaths: erroredPaths)
        try GraphQLSelectionValidator.validate(data, as: selections, in: context)
        return normalizer.takeRecords()
    }

    /// An observer that normalizes the data of a decode run elsewhere, such as a subscription event's; publish its
    /// records once the decode succeeded.
    public func normalizer(rootKey: CacheKey, variables: JSONObject, maxAge: Duration? = nil) -> ResponseNormalizer {
        ResponseNormalizer(
            rootKey: rootKey, variables: variables, resolver: keyResolver, expiry: expiry, maxAge: maxAge, now: now())
    }

    /// Decodes an operation's response data and normalizes it in the same walk.
    public func decode<Operation: GraphQLOperation>(
        _ operation: Operation,
        data: JSONObject,
        maxAge: Duration? = nil
    ) throws(GraphQLDecodingError) -> (data: Operation.Data, records: RecordSet) {
        try decode(
            operation.__dataSelections, as: Operation.Data.self, from: data, variables: operation.effectiveVariables,
            rootKey: .root(of: operation.__operationType), maxAge: maxAge)
    }

    /// The records of already-decoded data.
    func records<Selection: GraphQLSelectionSet>(
        of value: Selection,
        selections: GraphQLSelectionTree,
        variables: JSONObject,
        rootKey: CacheKey,
        maxAge: Duration?
    ) throws(CacheError) -> RecordSet {
        do throws(GraphQLDecodingError) {
            return try decode(
                selections, as: Selection.self, from: value.__data, variables: variables, rootKey: rootKey,
                maxAge: maxAge
            )
            .records
        } catch {
            throw CacheError(.invalidData, key: rootKey, path: error.path, reason: error.description, underlying: error)
        }
    }

    // MARK: - Reading

    /// The cached data of an operation (a query, usually), or the miss that prevents it.
    public func read<Operation: GraphQLOperation>(_ operation: Operation) throws(CacheError) -> Operation.Data {
        try withReadTransaction { transaction throws(CacheError) in try transaction.read(operation) }
    }

    /// The cached data of an operation, with the fields past their time to live that `freshness` lets the read serve
    /// (``CacheRead/staleFields``), or the miss that prevents it.
    public func read<Operation: GraphQLOperation>(
        _ operation: Operation,
        freshness: CacheFreshness
    ) throws(CacheError) -> CacheRead<Operation.Data> {
        try withReadTransaction { transaction throws(CacheError) in
            try transaction.read(operation, freshness: freshness)
        }
    }

    /// What the cache holds of an operation's data even when some of it is missing: Apollo Kotlin's partial cache
    /// results. See ``CachePartialRead``.
    public func readPartial<Operation: GraphQLOperation>(
        _ operation: Operation
    ) throws(CacheError) -> CachePartialRead<Operation.Data> {
        try withReadTransaction { transaction throws(CacheError) in try transaction.readPartial(operation) }
    }

    /// A fragment read from the record with the given key.
    public func readFragment<Fragment: GraphQLSelectionSet>(
        _ type: Fragment.Type,
        key: CacheKey,
        variables: JSONObject = JSONObject()
    ) throws(CacheError) -> Fragment {
        try withReadTransaction { transaction throws(CacheError) in
            try transaction.readFragment(type, key: key, variables: variables)
        }
    }

    /// A record as currently visible, optimistic layers applied.
    public func record(for key: CacheKey) throws(CacheError) -> Record? {
        try withReadTransaction { transaction throws(CacheError) in try transaction.record(for: key) }
    }

    /// Runs `body` with a consistent view of the cache: the result comes from a run of `body` in which every read saw
    /// the same state, each write whole or not at all.
    ///
    /// On a SQLite cache `body` runs concurrently with other reads and with a write; the in-memory cache holds its
    /// lock while `body` runs, so its writes wait for it. A run that a clear, a change of the optimistic layers or (in
    /// a ``ChainedNormalizedCache``) a write overtook is thrown away, its result or its error, and `body` runs again:
    /// keep it free of other effects. Do not call the store from inside `body`.
    public func withReadTransaction<Result>(
        _ body: (CacheReadTransaction) throws(CacheError) -> Result
    ) throws(CacheError) -> Result {
        func run(_ layers: [OptimisticLayer]) throws(CacheError) -> Result {
            try cache.withConsistentReads { view throws(CacheError) in
                SameThreadValue(value: try body(CacheReadTransaction(store: self, layers: layers, view: view)))
            }
            .value
        }
        for _ in 0..<Self.readAttempts {
            let (layers, epoch) = state.withLock { ($0.layers, $0.readEpoch) }
            guard epoch.isMultiple(of: 2) else { break }
            let outcome: Swift.Result<Result, CacheError>
            do throws(CacheError) {
                outcome = .success(try run(layers))
            } catch {
                outcome = .failure(error)
            }
            // A miss too may come of mixing layers of one moment with records of another.
            if state.withLock({ $0.readEpoch }) == epoch { return try outcome.get() }
        }
        return try writer.withLock { _ throws(CacheError) -> SameThreadValue<Result> in
            SameThreadValue(value: try run(state.withLock { $0.layers }))
        }
        .value
    }

    /// A read transaction over the current layers; called with the writer lock held, so they cannot change under it.
    func currentTransaction() -> CacheReadTransaction {
        CacheReadTransaction(store: self, layers: state.withLock { $0.layers })
    }

    /// The cached data of an operation, or the miss that prevents it, read where the cache reads (a SQLite cache on
    /// its read threads) and awaited: the read that the client's cache policies make.
    public func load<Operation: GraphQLOperation>(_ operation: Operation) async throws(CacheError) -> Operation.Data {
        try await readingStamped { transaction throws(CacheError) in try transaction.read(operation) }.value
    }

    /// The cached data of an operation read as ``load(_:)`` reads, with the fields past their time to live that
    /// `freshness` lets it serve (``CacheRead/staleFields``).
    public func load<Operation: GraphQLOperation>(
        _ operation: Operation,
        freshness: CacheFreshness
    ) async throws(CacheError) -> CacheRead<Operation.Data> {
        try await readingStamped { transaction throws(CacheError) in
            try transaction.read(operation, freshness: freshness)
        }.value
    }

    /// What the cache holds of an operation's data even when some of it is missing, read as ``load(_:)`` reads.
    public func loadPartial<Operation: GraphQLOperation>(
        _ operation: Operation,
        freshness: CacheFreshness = .strict
    ) async throws(CacheError) -> CachePartialRead<Operation.Data> {
        try await readingStamped { transaction throws(CacheError) in
            try transaction.readPartial(operation, freshness: freshness)
        }.value
    }

    /// Runs `body` on one consistent view of the cache, where the cache reads; returns its result with the number
    /// of the last change the view is sure to hold (it may hold later ones).
    func readingStamped<Value: Sendable>(
        _ body: @escaping @Sendable (CacheReadTransaction) throws(CacheError) -> Value
    ) async throws(CacheError) -> (value: Value, sequence: UInt64) {
        for _ in 0..<Self.readAttempts {
            let (layers, epoch) = state.withLock { ($0.layers, $0.readEpoch) }
            guard epoch.isMultiple(of: 2) else { break }
            let outcome: Result<(value: Value, sequence: UInt64), CacheError>
            do throws(CacheError) {
                outcome = .success(
                    try await cache.withConsistentReads { view throws(CacheError) in
                        // Taken as the view begins, which holds every write that returned before (see
                        // `NormalizedCache.withConsistentReads`); a change is numbered after it is committed, so the
                        // view holds every change up to this number.
                        let sequence = self.state.withLock { $0.changeSequence }
                        return (try body(CacheReadTransaction(store: self, layers: layers, view: view)), sequence)
                    })
            } catch {
                outcome = .failure(error)
            }
            if state.withLock({ $0.readEpoch }) == epoch { return try outcome.get() }
        }
        return try writer.withLock { _ throws(CacheError) -> (value: Value, sequence: UInt64) in
            let (layers, sequence) = state.withLock { ($0.layers, $0.changeSequence) }
            let value = try cache.withConsistentReads { view throws(CacheError) in
                try body(CacheReadTransaction(store: self, layers: layers, view: view))
            }
            return (value, sequence)
        }
    }

    // MARK: - Writing

    /// Writes an operation's data, as if it had come from the network.
    public func write<Operation: GraphQLOperation>(
        _ data: Operation.Data,
        for operation: Operation,
        maxAge: Duration? = nil
    ) throws(CacheError) {
        try withReadWriteTransaction { transaction throws(CacheError) in
            try transaction.write(data, for: operation, maxAge: maxAge)
        }
    }

    /// Writes a fragment's data to the record with the given key.
    public func writeFragment<Fragment: GraphQLSelectionSet>(
        _ fragment: Fragment,
        key: CacheKey,
        variables: JSONObject = JSONObject()
    ) throws(CacheError) {
        try withReadWriteTransaction { transaction throws(CacheError) in
            try transaction.writeFragment(fragment, key: key, variables: variables)
        }
    }

    /// Merges records already normalized (by ``decode(_:data:maxAge:)``) and notifies the watchers they affect.
    ///
    /// A page of a paginated field joins the list as stored, never as an optimistic layer shows it: the server's
    /// records are what is written, and a layer rolled back later leaves none of its values behind.
    public func publish(_ records: RecordSet) throws(CacheError) {
        try writer.withLock { _ throws(CacheError) in
            let records = try resolvingFieldMerges(records)
            guard !records.isEmpty else { return }
            try commit(records)
        }
    }

    /// Runs `body` with a transaction whose writes are applied together when it returns, and not at all if it
    /// throws; watchers are notified once.
    public func withReadWriteTransaction<Result>(
        _ body: (CacheReadWriteTransaction) throws(CacheError) -> Result
    ) throws(CacheError) -> Result {
        try writer.withLock { _ throws(CacheError) -> Result in
            let transaction = CacheReadWriteTransaction(store: self, layers: state.withLock { $0.layers })
            let result = try body(transaction)
            guard !transaction.pending.isEmpty else { return result }
            try commit(transaction.pending)
            return result
        }
    }

    /// Writes `records` and notes the change for the watchers; called with the writer lock held.
    private func commit(_ records: RecordSet) throws(CacheError) {
        let records = try readyToWrite(records)
        if state.withLock({ $0.watchers.isEmpty }) {
            // Nothing to notify: skip working out which fields changed.
            try cache.mergeUnobserved(records)
        } else {
            notifyWatchers(of: try cache.merge(records))
        }
        trimIfDue(afterWriting: records)
    }

    /// `records` with their field merges (pages of paginated fields) carried out against the stored records; called
    /// with the writer lock held.
    func resolvingFieldMerges(_ records: RecordSet) throws(CacheError) -> RecordSet {
        guard !records.fieldMerges.isEmpty else { return records }
        let transaction = CacheReadWriteTransaction(store: self, layers: [])
        try transaction.merge(records)
        return transaction.pending
    }

    /// `records` as the cache is to store them, each stamped with the store's clock as its write time unless it has
    /// one (the normalizer's records do); fails when the write holds more records than ``maximumRecordsPerWrite``.
    func readyToWrite(_ records: RecordSet) throws(CacheError) -> RecordSet {
        try checkSize(of: records)
        var records = records
        records.stamp(now())
        return records
    }

    /// Fails when a write holds more records than ``maximumRecordsPerWrite``.
    func checkSize(of records: RecordSet) throws(CacheError) {
        guard let limit = maximumRecordsPerWrite, records.count > limit else { return }
        throw CacheError(
            .tooLarge, reason: "a write of \(records.count) records, more than the limit of \(limit); nothing written")
    }

    // MARK: - Removing

    /// Removes a record: reads that need it miss until it is written again.
    public func evict(_ key: CacheKey) throws(CacheError) {
        try evict([key])
    }

    /// Removes records.
    public func evict(_ keys: Set<CacheKey>) throws(CacheError) {
        try writer.withLock { _ throws(CacheError) in
            let removed = try cache.removeRecords(keys)
            notifyWatchers(of: removed)
        }
    }

    /// Removes one field of a record, such as a list to refetch.
    public func evict(field: CacheFieldID) throws(CacheError) {
        try writer.withLock { _ throws(CacheError) in
            if try cache.removeField(field) { notifyWatchers(of: [field]) }
        }
    }

    /// Removes a record and every record reachable from it; returns the keys removed.
    @discardableResult
    public func remove(cascadingFrom key: CacheKey) throws(CacheError) -> Set<CacheKey> {
        try writer.withLock { _ throws(CacheError) -> Set<CacheKey> in
            var expired: Set<CacheFieldID> = []
            let reachable = try reachableKeys(from: [key], expiredFields: &expired)
            let removed = try cache.removeRecords(reachable)
            notifyWatchers(of: removed)
            return reachable
        }
    }

    /// Removes every record and every optimistic layer. A read that overlaps the clear reads again, so that none
    /// sees the records gone but the layers still there, or the other way round.
    public func clear() throws(CacheError) {
        try writer.withLock { _ throws(CacheError) in
            state.withLock { $0.readEpoch += 1 }
            do throws(CacheError) {
                try cache.clear()
            } catch {
                state.withLock { $0.readEpoch += 1 }
                throw error
            }
            state.withLock { state in
                state.layers.removeAll()
                state.readEpoch += 1
            }
            notifyWatchers(of: nil)
        }
    }
}

/// A value handed out of a synchronous closure that a `Sendable` signature requires to be `Sendable` (a consistent
/// read's, a lock's), to the same thread that ran the closure.
// Safety: it is only made inside a synchronous call and unwrapped by the caller of that call on the same thread, right
// after it returns; it never crosses to another thread or task.
struct SameThreadValue<Value>: @unchecked Sendable {
    let value: Value
}

/// The mutable state of a store, guarded by its lock, which is held only for moments, never across a read or a
/// write of the records.
struct StoreState: ~Copyable {
    var layers: [OptimisticLayer] = []
    /// Changes whenever what a read puts together changes other than by a write of records: 2 for a change of the
    /// layers, 1 as a clear starts and 1 as it ends (odd while one is under way). A read that sees it change reads
    /// again, so that it never lays the layers of one moment over the records of another.
    var readEpoch: UInt64 = 0

    /// Replaces the layers, telling reads in progress to read again.
    mutating func setLayers(_ newLayers: [OptimisticLayer]) {
        layers = newLayers
        readEpoch += 2
    }
    var watchers: WatcherIndex = WatcherIndex()
    var nextID: UInt64 = 0
    /// Reads made by watchers, first ones included.
    var watcherReads = 0
    /// The number of the last change watchers were told of: each committed change takes the next one, after it is
    /// committed.
    var changeSequence: UInt64 = 0
    /// Whether a task is re-reading due watchers.
    var refreshing = false
    /// The changes made while watchers re-read, for a re-read to learn whether one it did not see touched what it
    /// depended on.
    var changeLog: [(sequence: UInt64, changed: Set<CacheFieldID>?)] = []
    /// Records written since the store last trimmed the cache to its limits.
    var recordsWrittenSinceTrim = 0
    /// Why the last automatic trim failed, until one succeeds.
    var automaticTrimError: CacheError?
    /// Callers of ``CacheStore/waitForWatchers()`` waiting for the re-reads to end.
    var settleWaiters: [CheckedContinuation<Void, Never>] = []

    mutating func makeID() -> UInt64 {
        nextID += 1
        return nextID
    }
}

/// Two observers of one decode, the normalizer first.
private final class ObserverPair: GraphQLDecodingObserver {
    let first: any GraphQLDecodingObserver
    let second: any GraphQLDecodingObserver

    init(_ first: any GraphQLDecodingObserver, _ second: any GraphQLDecodingObserver) {
        self.first = first
        self.second = second
    }

    func didEnter(object: JSONObject, as selectionSet: GraphQLSelectionTree, at path: ResponsePath) {
        first.didEnter(object: object, as: selectionSet, at: path)
        second.didEnter(object: object, as: selectionSet, at: path)
    }

    func didEnter(object: JSONObject, as selectionSet: GraphQLSelectionTree, in context: GraphQLDecodingContext) {
        first.didEnter(object: object, as: selectionSet, in: context)
        second.didEnter(object: object, as: selectionSet, in: context)
    }
}
