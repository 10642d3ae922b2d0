import Foundation

/// How much a cache may hold: at most so many records or bytes, and nothing left unwritten for longer than an age.
/// The store trims to it (``CacheStore/trim(to:)``), on its own after writes when given one (``CacheStore/limits``).
/// The limits hold after each trim, not between trims: an app that writes nothing trims nothing.
public struct CacheLimits: Sendable, Hashable {
    /// The most records kept; `nil` for no bound.
    public var maxRecords: Int?
    /// The most bytes the records take where they are stored, `nil` for no bound: in a SQLite file, the bytes of
    /// their encoded records; in memory, an estimate (``Record/estimatedByteCount``). The SQLite file itself is larger
    /// (keys, indexes, pages, the write-ahead log), and does not shrink when a trim removes records: SQLite reuses the
    /// pages freed for later writes.
    public var maxBytes: Int?
    /// How long a record is kept after its last write, whatever the size, by the next trim; `nil` for no bound.
    public var maxAge: Duration?

    /// Limits; with no arguments, none.
    public init(maxRecords: Int? = nil, maxBytes: Int? = nil, maxAge: Duration? = nil) {
        precondition(maxRecords.map { $0 >= 0 } ?? true, "maxRecords must not be negative")
        precondition(maxBytes.map { $0 >= 0 } ?? true, "maxBytes must not be negative")
        self.maxRecords = maxRecords
        self.maxBytes = maxBytes
        self.maxAge = maxAge
    }

    /// How many records a store writes before it trims to these limits again on its own: a tenth of the record
    /// bound, at least 64, or 256 without one.
    public var recordsBetweenTrims: Int {
        maxRecords.map { max(64, $0 / 10) } ?? 256
    }
}

/// What a trim removed, and what it kept over the limits.
public struct CacheTrim: Sendable, Hashable {
    /// The records removed, least recently written first.
    public var removedRecords: [CacheKey]
    /// Records over the limits that were kept because a live watcher reads them or an optimistic layer holds them.
    public var keptInUse: Set<CacheKey>
    /// The records left.
    public var records: Int
    /// The bytes they take.
    public var bytes: Int
}

extension CacheStore {
    /// Removes the least recently written records (those without a write time first) until the cache is within
    /// `limits`, and every record not written within `maxAge`; never a record a live watcher reads, or one an
    /// optimistic layer holds or refers to, so a screen never loses what it shows (such records are reported in
    /// ``CacheTrim/keptInUse``, and the cache may stay over the limits by them). Watchers of removed records are told,
    /// as after an eviction.
    @discardableResult
    public func trim(to limits: CacheLimits) throws(CacheError) -> CacheTrim {
        try writer.withLock { _ throws(CacheError) in try trimWithWriterHeld(to: limits) }
    }

    /// Why the last trim the store made on its own (to ``limits``) failed, such as a full disk; `nil` once one
    /// succeeds. The write that set it off stands, and the store tries again after the next write.
    public var automaticTrimError: CacheError? {
        state.withLock { $0.automaticTrimError }
    }

    /// ``trim(to:)`` with the writer lock already held; `keeping` are kept as if in use (the records a write has
    /// just made, which a watcher may be about to read).
    func trimWithWriterHeld(to limits: CacheLimits, keeping: Set<CacheKey> = []) throws(CacheError) -> CacheTrim {
        let inUse = keysInUse().union(keeping)
        // Least recently written first; records written at the same time in key order, so a trim is repeatable.
        let summaries = try cache.recordSummaries().sorted {
            ($0.writtenAt ?? .distantPast, $0.key) < ($1.writtenAt ?? .distantPast, $1.key)
        }
        var records = summaries.count
        var bytes = summaries.reduce(0) { $0 + $1.byteCount }
        let oldestKept = limits.maxAge.map { now().adding(.zero - $0) }
        var removed: [CacheKey] = []
        var kept: Set<CacheKey> = []
        for summary in summaries {
            let tooOld = oldestKept.map { (summary.writtenAt ?? .distantPast) < $0 } ?? false
            let overLimits =
                limits.maxRecords.map { records > $0 } ?? false || limits.maxBytes.map { bytes > $0 } ?? false
            guard tooOld || overLimits else { break }
            guard !inUse.contains(summary.key) else {
                kept.insert(summary.key)
                continue
            }
            removed.append(summary.key)
            records -= 1
            bytes -= summary.byteCount
        }
        if !removed.isEmpty { notifyWatchers(of: try cache.removeRecords(Set(removed))) }
        return CacheTrim(removedRecords: removed, keptInUse: kept, records: records, bytes: bytes)
    }

    /// After a write of `records`, with the writer lock held: trims to ``limits`` once enough records have been
    /// written since the last trim, keeping the ones just written. A trim that fails leaves the write in place, is
    /// reported in ``automaticTrimError``, and is tried again after the next write.
    func trimIfDue(afterWriting records: RecordSet) {
        guard let limits else { return }
        let due = state.withLock { state in
            state.recordsWrittenSinceTrim += records.count
            return state.recordsWrittenSinceTrim >= limits.recordsBetweenTrims
        }
        guard due else { return }
        do throws(CacheError) {
            _ = try trimWithWriterHeld(to: limits, keeping: Set(records.records.keys))
            state.withLock { state in
                state.recordsWrittenSinceTrim = 0
                state.automaticTrimError = nil
            }
        } catch {
            state.withLock { $0.automaticTrimError = error }
        }
    }
}
