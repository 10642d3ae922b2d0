import APICoreGraphQL

/// A fast cache in front of a persistent one: typically ``InMemoryNormalizedCache`` in front of a SQLite cache.
///
/// Reads are answered by the front where it holds the record and by the back otherwise, filling the front with what
/// the back returned; writes go to the back, the cache of record, and then to the front as the whole records the
/// back now holds. The front only ever holds whole records, so a record it holds never hides a field stored only in
/// the back; a bounded front that evicts a record reads it again from the back when next needed.
///
/// The front must start empty (or hold the same records as the back). The fields a write reports as changed are the
/// back's, which holds every record.
public final class ChainedNormalizedCache: NormalizedCache {
    /// The cache asked first.
    public let front: any NormalizedCache
    /// The cache that holds every record.
    public let back: any NormalizedCache
    // Serializes the calls, so that a read filling the front cannot interleave with a write and leave a stale record
    // in front.
    private let lock = Lock(())

    /// A cache answering from `front` and keeping every record in `back`.
    public init(front: any NormalizedCache, back: any NormalizedCache) {
        self.front = front
        self.back = back
    }

    /// The records from the front where it holds them, the rest from the back; what the back returned fills the front.
    public func loadRecords(_ keys: Set<CacheKey>) throws(CacheError) -> [CacheKey: Record] {
        try lock.withLock { _ throws(CacheError) in try Reader(front: front, back: back).loadRecords(keys) }
    }

    /// The record from the front if it holds it, else from the back, which then fills the front.
    public func loadRecord(_ key: CacheKey) throws(CacheError) -> Record? {
        try lock.withLock { _ throws(CacheError) in try Reader(front: front, back: back).loadRecord(key) }
    }

    /// Runs `body` with a reader that answers from the front and from one consistent view of the back, holding off
    /// writes until it returns.
    public func withConsistentReads<Value: Sendable>(
        _ body: (any NormalizedCacheReader) throws(CacheError) -> Value
    ) throws(CacheError) -> Value {
        try lock.withLock { _ throws(CacheError) in
            try back.withConsistentReads { back throws(CacheError) in try body(Reader(front: front, back: back)) }
        }
    }

    /// Loads from the front, then from the back, filling the front; the caller holds the lock.
    private struct Reader: NormalizedCacheReader {
        let front: any NormalizedCache
        let back: any NormalizedCacheReader

        /// As the back's: a record missing in front is loaded from it.
        var prefersBatchedLoads: Bool { back.prefersBatchedLoads }

        func loadRecords(_ keys: Set<CacheKey>) throws(CacheError) -> [CacheKey: Record] {
            var found = try front.loadRecords(keys)
            let missing = keys.subtracting(found.keys)
            guard !missing.isEmpty else { return found }
            let loaded = try back.loadRecords(missing)
            guard !loaded.isEmpty else { return found }
            _ = try front.merge(RecordSet(loaded.values))
            found.merge(loaded) { _, loaded in loaded }
            return found
        }

        func loadRecord(_ key: CacheKey) throws(CacheError) -> Record? {
            if let record = try front.loadRecord(key) { return record }
            guard let record = try back.loadRecord(key) else { return nil }
            _ = try front.merge(RecordSet([record]))
            return record
        }
    }

    /// Merges into the back, then copies the whole merged records to the front; returns the back's changed fields.
    public func merge(_ records: RecordSet) throws(CacheError) -> Set<CacheFieldID> {
        try lock.withLock { _ throws(CacheError) in
            let changed = try back.merge(records)
            // The front gets the whole merged records, as the back now has them, never the partial ones written.
            let merged = try back.loadRecords(Set(records.records.keys))
            try front.mergeUnobserved(RecordSet(merged.values))
            return changed
        }
    }

    /// Removes the records from both caches and returns the fields the back held.
    public func removeRecords(_ keys: Set<CacheKey>) throws(CacheError) -> Set<CacheFieldID> {
        try lock.withLock { _ throws(CacheError) in
            let removed = try back.removeRecords(keys)
            _ = try front.removeRecords(keys)
            return removed
        }
    }

    /// Removes the field from both caches; `true` if the back held it.
    public func removeField(_ field: CacheFieldID) throws(CacheError) -> Bool {
        try lock.withLock { _ throws(CacheError) in
            let removed = try back.removeField(field)
            _ = try front.removeField(field)
            return removed
        }
    }

    /// Every key the back holds, which is every stored key.
    public func allKeys() throws(CacheError) -> Set<CacheKey> {
        try lock.withLock { _ throws(CacheError) in try back.allKeys() }
    }

    /// Removes every record from the back, then from the front.
    public func clear() throws(CacheError) {
        try lock.withLock { _ throws(CacheError) in
            try back.clear()
            try front.clear()
        }
    }
}
