/// Loads records: a cache, or a consistent view of one for the length of a read
/// (`NormalizedCache.withConsistentReads(_:)`).
public protocol NormalizedCacheReader {
    /// The records with the given keys; keys without a record are left out.
    func loadRecords(_ keys: Set<CacheKey>) throws(CacheError) -> [CacheKey: Record]

    /// The record with the given key, if stored.
    func loadRecord(_ key: CacheKey) throws(CacheError) -> Record?

    /// Whether loading many records in one ``loadRecords(_:)`` call costs less than loading them one at a time, as it
    /// does where each call is a round trip to a database. A read of a query then loads the records of a list together
    /// before it reads them; where a load is a lookup in memory, it loads each record when it reaches it. `false`
    /// unless a reader says otherwise.
    var prefersBatchedLoads: Bool { get }
}

extension NormalizedCacheReader {
    /// `false`: loading records one at a time costs no more than loading them together.
    public var prefersBatchedLoads: Bool { false }

    /// Loads one record through ``loadRecords(_:)``; implementations with a cheaper single lookup override it.
    public func loadRecord(_ key: CacheKey) throws(CacheError) -> Record? {
        try loadRecords([key])[key]
    }
}

/// Where the records of a ``CacheStore`` live: in memory, in a SQLite file, or one in front of the other.
///
/// The store makes one write at a time, but reads run concurrently with each other and with a write: an
/// implementation must be safe to call from many threads at once, and `withConsistentReads(_:)` must show each
/// read one state of the cache, every merge whole or not at all.
public protocol NormalizedCache: NormalizedCacheReader, Sendable {
    /// Runs `body` with a reader that sees one state of the cache throughout: what one read of a query loads, record
    /// by record, with each write seen whole or not at all. The reader is valid only during the call, and `body` must
    /// not write to the cache. The state shown holds at least every write that had returned before `body` was called
    /// (a call made inside a read of the same cache joins that read's state): the store relies on it to know which
    /// writes a watcher's read saw. A SQLite cache reads everything in one read
    /// transaction instead of one per record, begun inside the call, so that its snapshot is taken at the first read
    /// `body` makes; the default passes the cache itself, which is consistent only for a cache whose writes never
    /// overlap its reads.
    func withConsistentReads<Value: Sendable>(
        _ body: (any NormalizedCacheReader) throws(CacheError) -> Value
    ) throws(CacheError) -> Value

    /// `withConsistentReads(_:)`, awaited: a cache that reads from disk runs `body` on threads of its own (a SQLite
    /// cache on its read threads), so a read never holds a thread of Swift's concurrency pool while
    /// it waits for the disk, and many reads run at once. The default runs the synchronous one on the caller's thread.
    func withConsistentReads<Value: Sendable>(
        _ body: @escaping @Sendable (any NormalizedCacheReader) throws(CacheError) -> Value
    ) async throws(CacheError) -> Value

    /// Merges the records field by field into what is stored, as one atomic write, and returns the fields whose
    /// value changed.
    func merge(_ records: RecordSet) throws(CacheError) -> Set<CacheFieldID>

    /// Merges like ``merge(_:)`` without working out which fields changed, for a store that has no watcher to tell.
    func mergeUnobserved(_ records: RecordSet) throws(CacheError)

    /// Removes records and returns the fields they held.
    func removeRecords(_ keys: Set<CacheKey>) throws(CacheError) -> Set<CacheFieldID>

    /// Removes one field of a record; `true` if it was there.
    func removeField(_ field: CacheFieldID) throws(CacheError) -> Bool

    /// Every stored key, for garbage collection.
    func allKeys() throws(CacheError) -> Set<CacheKey>

    /// Calls `body` with every stored record and the bytes it takes where it is stored, in no set order: what
    /// inspection reads (``CacheStatistics``, ``CacheDump``). The default loads the records a batch of keys at a time
    /// and estimates their size (``NormalizedCache/loadEveryRecord(_:)``).
    func forEachRecord(_ body: (Record, Int) throws(CacheError) -> Void) throws(CacheError)

    /// The key, last write time and size of every stored record: what trimming orders and counts. The default reads
    /// them through ``forEachRecord(_:)``; a SQLite cache reads them from its columns without decoding a record.
    func recordSummaries() throws(CacheError) -> [CacheRecordSummary]

    /// Removes every record.
    func clear() throws(CacheError)
}

extension NormalizedCache {
    /// Runs `body` with the cache itself as its reader.
    public func withConsistentReads<Value: Sendable>(
        _ body: (any NormalizedCacheReader) throws(CacheError) -> Value
    ) throws(CacheError) -> Value {
        try body(self)
    }

    /// Runs the synchronous `withConsistentReads(_:)` on the caller's thread: right for a cache in memory.
    public func withConsistentReads<Value: Sendable>(
        _ body: @escaping @Sendable (any NormalizedCacheReader) throws(CacheError) -> Value
    ) async throws(CacheError) -> Value {
        try synchronousConsistentReads(body)
    }

    /// The synchronous `withConsistentReads(_:)`, named apart from the awaited one.
    private func synchronousConsistentReads<Value: Sendable>(
        _ body: (any NormalizedCacheReader) throws(CacheError) -> Value
    ) throws(CacheError) -> Value {
        try withConsistentReads(body)
    }

    /// Every record through ``loadEveryRecord(_:)``.
    public func forEachRecord(_ body: (Record, Int) throws(CacheError) -> Void) throws(CacheError) {
        try loadEveryRecord(body)
    }

    /// Every record's summary through ``forEachRecord(_:)``.
    public func recordSummaries() throws(CacheError) -> [CacheRecordSummary] {
        try summarizeEveryRecord()
    }

    /// Merges through ``merge(_:)`` and drops what changed; implementations that can skip that work override it.
    public func mergeUnobserved(_ records: RecordSet) throws(CacheError) {
        _ = try merge(records)
    }
}
