import APICoreGraphQL
import APICoreJSON

/// A fast cache in front of a persistent one: typically ``InMemoryNormalizedCache`` in front of a SQLite cache.
///
/// Reads are answered by the front where it holds the record and by the back otherwise, filling the front with what
/// the back returned; writes go to the back, the cache of record, and then to the front as the whole records the
/// back now holds. The front only ever holds whole records, so a record it holds never hides a field stored only in
/// the back; a bounded front that evicts a record reads it again from the back when next needed.
///
/// The front must start empty (or hold the same records as the back). The fields a write reports as changed are the
/// back's, which holds every record.
///
/// Reads run concurrently with each other and with a write, and each sees every write whole or not at all. Writes go
/// one at a time and count themselves (`generation`: odd while one is under way). A read notes the count, reads the
/// front and one consistent view of the back, and checks the count again: unchanged, it fills the front with what it
/// loaded from the back; changed, it reads again. A read that starts while a write is under way, or that a stream of
/// writes keeps overtaking, reads the back alone, which is always consistent, and fills nothing.
public final class ChainedNormalizedCache: NormalizedCache {
    /// The cache asked first.
    public let front: any NormalizedCache
    /// The cache that holds every record.
    public let back: any NormalizedCache
    /// Makes one write at a time. Its value is unused (an empty one trips ThreadSanitizer; see `CacheStore.writer`).
    private let writer = Lock<UInt8>(0)
    /// How many times a write has started or ended: odd while one is under way. Held while a read fills the front,
    /// so that no write starts between the check and the fill.
    private let generation = Lock<UInt64>(0)
    /// How many times a read tries front and back together before reading the back alone.
    private static let attempts = 3

    /// A cache answering from `front` and keeping every record in `back`.
    public init(front: any NormalizedCache, back: any NormalizedCache) {
        self.front = front
        self.back = back
    }

    /// The records from the front where it holds them, the rest from the back; what the back returned fills the front.
    public func loadRecords(_ keys: Set<CacheKey>) throws(CacheError) -> [CacheKey: Record] {
        try withConsistentReads { reader throws(CacheError) in try reader.loadRecords(keys) }
    }

    /// The record from the front if it holds it, else from the back, which then fills the front.
    public func loadRecord(_ key: CacheKey) throws(CacheError) -> Record? {
        try withConsistentReads { reader throws(CacheError) in try reader.loadRecord(key) }
    }

    /// Runs `body` with a reader that answers from the front and from one consistent view of the back, or from the
    /// back alone while writes overtake it.
    public func withConsistentReads<Value: Sendable>(
        _ body: (any NormalizedCacheReader) throws(CacheError) -> Value
    ) throws(CacheError) -> Value {
        for _ in 0..<Self.attempts {
            guard let start = quietGeneration() else { break }
            let outcome: Result<(Value, RecordSet), CacheError>
            do throws(CacheError) {
                outcome = .success(
                    try back.withConsistentReads { back throws(CacheError) in
                        let reader = Reader(front: front, back: back)
                        return (try body(reader), reader.loaded)
                    })
            } catch {
                outcome = .failure(error)
            }
            if let value = try settle(outcome, ifStill: start) { return value }
        }
        return try back.withConsistentReads(body)
    }

    /// `withConsistentReads(_:)`, on the back's own threads.
    public func withConsistentReads<Value: Sendable>(
        _ body: @escaping @Sendable (any NormalizedCacheReader) throws(CacheError) -> Value
    ) async throws(CacheError) -> Value {
        let front = front
        for _ in 0..<Self.attempts {
            guard let start = quietGeneration() else { break }
            let outcome: Result<(Value, RecordSet), CacheError>
            do throws(CacheError) {
                outcome = .success(
                    try await back.withConsistentReads { back throws(CacheError) in
                        let reader = Reader(front: front, back: back)
                        return (try body(reader), reader.loaded)
                    })
            } catch {
                outcome = .failure(error)
            }
            if let value = try settle(outcome, ifStill: start) { return value }
        }
        return try await back.withConsistentReads(body)
    }

    /// The write count, unless a write is under way.
    private func quietGeneration() -> UInt64? {
        let generation = generation.withLock { $0 }
        return generation.isMultiple(of: 2) ? generation : nil
    }

    /// The outcome of a read that began at write count `start`, if no write started since: its value, after what it
    /// loaded from the back has filled the front, or its error (a miss too may come of mixing two states). `nil` when
    /// a write overtook the read, which must then be made again.
    private func settle<Value>(
        _ outcome: Result<(Value, RecordSet), CacheError>, ifStill start: UInt64
    ) throws(CacheError) -> Value? {
        try generation.withLock { generation throws(CacheError) -> SameThreadValue<Value>? in
            guard generation == start else { return nil }
            let (value, loaded) = try outcome.get()
            if !loaded.isEmpty { try front.mergeUnobserved(loaded) }
            return SameThreadValue(value: value)
        }?
        .value
    }

    /// Loads from the front, then from the back, noting what the back returned for the front.
    private final class Reader: NormalizedCacheReader {
        let front: any NormalizedCache
        let back: any NormalizedCacheReader
        private(set) var loaded = RecordSet()

        init(front: any NormalizedCache, back: any NormalizedCacheReader) {
            self.front = front
            self.back = back
        }

        /// As the back's: a record missing in front is loaded from it.
        var prefersBatchedLoads: Bool { back.prefersBatchedLoads }

        func loadRecords(_ keys: Set<CacheKey>) throws(CacheError) -> [CacheKey: Record] {
            var found = try front.loadRecords(keys)
            let missing = keys.subtracting(found.keys)
            guard !missing.isEmpty else { return found }
            let fromBack = try back.loadRecords(missing)
            for record in fromBack.values { loaded.add(record) }
            found.merge(fromBack) { _, fromBack in fromBack }
            return found
        }

        func loadRecord(_ key: CacheKey) throws(CacheError) -> Record? {
            if let record = try front.loadRecord(key) { return record }
            guard let record = try back.loadRecord(key) else { return nil }
            loaded.add(record)
            return record
        }
    }

    /// Runs a write alone, with the write count odd throughout.
    private func writing<Result>(_ body: () throws(CacheError) -> Result) throws(CacheError) -> Result {
        try writer.withLock { _ throws(CacheError) -> Result in
            generation.withLock { $0 += 1 }
            defer { generation.withLock { $0 += 1 } }
            return try body()
        }
    }

    /// Merges into the back, then copies the whole merged records to the front; returns the back's changed fields.
    /// If the copy fails once the back has the records, the front lets go of them, so that it never answers with the
    /// records from before.
    public func merge(_ records: RecordSet) throws(CacheError) -> Set<CacheFieldID> {
        try writing { () throws(CacheError) in
            let changed = try back.merge(records)
            let keys = Set(records.records.keys)
            do throws(CacheError) {
                // The front gets the whole merged records, as the back now has them, never the partial ones written.
                let merged = try back.loadRecords(keys)
                try front.mergeUnobserved(RecordSet(merged.values))
            } catch {
                _ = try? front.removeRecords(keys)
                throw error
            }
            return changed
        }
    }

    /// Removes the records from both caches and returns the fields the back held.
    public func removeRecords(_ keys: Set<CacheKey>) throws(CacheError) -> Set<CacheFieldID> {
        try writing { () throws(CacheError) in
            let removed = try back.removeRecords(keys)
            _ = try front.removeRecords(keys)
            return removed
        }
    }

    /// Removes the field from both caches; `true` if the back held it.
    public func removeField(_ field: CacheFieldID) throws(CacheError) -> Bool {
        try writing { () throws(CacheError) in
            let removed = try back.removeField(field)
            _ = try front.removeField(field)
            return removed
        }
    }

    /// Every key the back holds, which is every stored key.
    public func allKeys() throws(CacheError) -> Set<CacheKey> {
        try back.allKeys()
    }

    /// Every record the back holds, which is every stored record, with its size there.
    public func forEachRecord(_ body: (Record, Int) throws(CacheError) -> Void) throws(CacheError) {
        try back.forEachRecord(body)
    }

    /// The summaries of the back's records, which are every stored record.
    public func recordSummaries() throws(CacheError) -> [CacheRecordSummary] {
        try back.recordSummaries()
    }

    /// Removes every record from the back, then from the front.
    public func clear() throws(CacheError) {
        try writing { () throws(CacheError) in
            try back.clear()
            try front.clear()
        }
    }
}
