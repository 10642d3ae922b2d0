import APICoreGraphQL
import APICoreJSON

/// Records in memory, optionally bounded: past `maxRecords` records or `maxBytes` bytes, the least recently read or
/// written records are evicted (and a record larger than `maxBytes` on its own is not kept).
///
/// The bounds know nothing of watchers: they suit the front of a ``ChainedNormalizedCache``, whose back still holds what
/// the front lets go. A store in memory alone that must never drop what a screen shows bounds itself with
/// ``CacheLimits``.
public final class InMemoryNormalizedCache: NormalizedCache {
    private struct State {
        var records: [CacheKey: Record] = [:]
        var recency = RecencyList()
        var evictions = 0
        /// The estimated size of each record (``Record/estimatedByteCount``) and their sum, kept with a byte bound.
        var sizes: [CacheKey: Int] = [:]
        var bytes = 0
    }

    /// The most records kept, if bounded.
    public let maxRecords: Int?
    /// The most bytes kept, as ``Record/estimatedByteCount`` measures records, if bounded.
    public let maxBytes: Int?
    /// Whether a bound applies, so that use is tracked.
    private let isBounded: Bool
    private let state = Lock(State())

    /// An empty cache; `maxRecords` and `maxBytes` bound it with least-recently-used eviction.
    public init(maxRecords: Int? = nil, maxBytes: Int? = nil) {
        precondition(maxRecords.map { $0 > 0 } ?? true, "maxRecords must be positive")
        precondition(maxBytes.map { $0 > 0 } ?? true, "maxBytes must be positive")
        self.maxRecords = maxRecords
        self.maxBytes = maxBytes
        isBounded = maxRecords != nil || maxBytes != nil
    }

    /// The estimated bytes of the records held, when a byte bound keeps count; `nil` without one.
    public var byteCount: Int? {
        maxBytes == nil ? nil : state.withLock { $0.bytes }
    }

    /// The number of records held.
    public var count: Int { state.withLock { $0.records.count } }

    /// How many records the bound has evicted so far.
    public var evictionCount: Int { state.withLock { $0.evictions } }

    /// The stored records with the given keys, marking each one found as just used.
    public func loadRecords(_ keys: Set<CacheKey>) -> [CacheKey: Record] {
        state.withLock { state in
            var found: [CacheKey: Record] = [:]
            for key in keys {
                guard let record = state.records[key] else { continue }
                found[key] = record
                if isBounded { state.recency.touch(key) }
            }
            return found
        }
    }

    /// The stored record with the given key, if any, marking it as just used.
    public func loadRecord(_ key: CacheKey) -> Record? {
        state.withLock { state in
            guard let record = state.records[key] else { return nil }
            if isBounded { state.recency.touch(key) }
            return record
        }
    }

    /// Runs `body` with the lock held, so that no write lands in the middle of a read; the records `body` finds are
    /// marked as just used when it returns.
    public func withConsistentReads<Value: Sendable>(
        _ body: (any NormalizedCacheReader) throws(CacheError) -> Value
    ) throws(CacheError) -> Value {
        try state.withLock { state throws(CacheError) -> Value in
            let snapshot = Snapshot(records: state.records, tracksUse: isBounded)
            defer { for key in snapshot.used { state.recency.touch(key) } }
            return try body(snapshot)
        }
    }

    /// The records as they are while a read holds the lock; notes which ones it found, for the bound's recency.
    private final class Snapshot: NormalizedCacheReader {
        let records: [CacheKey: Record]
        let tracksUse: Bool
        var used: [CacheKey] = []

        init(records: [CacheKey: Record], tracksUse: Bool) {
            self.records = records
            self.tracksUse = tracksUse
        }

        func loadRecords(_ keys: Set<CacheKey>) -> [CacheKey: Record] {
            var found: [CacheKey: Record] = [:]
            for key in keys {
                guard let record = records[key] else { continue }
                found[key] = record
                if tracksUse { used.append(key) }
            }
            return found
        }

        func loadRecord(_ key: CacheKey) -> Record? {
            guard let record = records[key] else { return nil }
            if tracksUse { used.append(key) }
            return record
        }
    }

    /// Merges the records field by field, evicts past ``InMemoryNormalizedCache/maxRecords``, and returns the fields
    /// whose value changed.
    public func merge(_ records: RecordSet) -> Set<CacheFieldID> {
        state.withLock { state in
            var changed: Set<CacheFieldID> = []
            for (key, record) in records.records {
                if var existing = state.records[key] {
                    for field in existing.merge(record) { changed.insert(CacheFieldID(key: key, field: field)) }
                    state.records[key] = existing
                } else {
                    state.records[key] = record
                    for field in record.fields.keys { changed.insert(CacheFieldID(key: key, field: field)) }
                }
                measure(key, in: &state)
                if isBounded { state.recency.touch(key) }
            }
            evictOverflow(&state)
            return changed
        }
    }

    /// Merges the records in place without working out what changed, then evicts past
    /// ``InMemoryNormalizedCache/maxRecords``.
    public func mergeUnobserved(_ records: RecordSet) {
        state.withLock { state in
            if state.records.isEmpty {
                // An empty cache adopts the set's storage: nothing is copied, rehashed or grown step by step.
                state.records = records.records
                if isBounded { for key in records.records.keys { state.recency.touch(key) } }
                if maxBytes != nil { for key in records.records.keys { measure(key, in: &state) } }
            } else {
                for (key, record) in records.records {
                    // Merged in place: no copy of the stored record, no change set.
                    if let index = state.records.index(forKey: key) {
                        state.records.values[index].absorb(record)
                    } else {
                        state.records[key] = record
                    }
                    measure(key, in: &state)
                    if isBounded { state.recency.touch(key) }
                }
            }
            evictOverflow(&state)
        }
    }

    /// Every record held, with an estimate of its size, from one snapshot taken under the lock.
    public func forEachRecord(_ body: (Record, Int) throws(CacheError) -> Void) throws(CacheError) {
        for record in state.withLock({ $0.records.values }) { try body(record, record.estimatedByteCount) }
    }

    /// Removes the records and returns the fields they held.
    public func removeRecords(_ keys: Set<CacheKey>) -> Set<CacheFieldID> {
        state.withLock { state in
            var removed: Set<CacheFieldID> = []
            for key in keys {
                guard let record = state.records.removeValue(forKey: key) else { continue }
                state.recency.remove(key)
                measure(key, in: &state)
                for field in record.fields.keys { removed.insert(CacheFieldID(key: key, field: field)) }
            }
            return removed
        }
    }

    /// Evicts the least recently used records past the bounds.
    private func evictOverflow(_ state: inout State) {
        guard isBounded else { return }
        while state.records.count > maxRecords ?? .max || state.bytes > maxBytes ?? .max,
            let oldest = state.recency.removeOldest()
        {
            state.records[oldest] = nil
            measure(oldest, in: &state)
            state.evictions += 1
        }
    }

    /// Brings the byte count up to date with the record stored under `key` (or its absence), with a byte bound. A
    /// record larger than the whole bound is not kept (it would evict every other record, then itself).
    private func measure(_ key: CacheKey, in state: inout State) {
        guard let maxBytes else { return }
        var size = state.records[key]?.estimatedByteCount ?? 0
        if size > maxBytes {
            state.records[key] = nil
            state.recency.remove(key)
            state.evictions += 1
            size = 0
        }
        state.bytes += size - (state.sizes[key] ?? 0)
        state.sizes[key] = size == 0 ? nil : size
    }

    /// Removes one field of a record and its expiry date; `true` if the field was there.
    public func removeField(_ field: CacheFieldID) -> Bool {
        state.withLock { state in
            guard state.records[field.key]?.fields.removeValue(forKey: field.field) != nil else { return false }
            state.records[field.key]?.expirations[field.field] = nil
            state.records[field.key]?.earlierWriteTimes[field.field] = nil
            measure(field.key, in: &state)
            return true
        }
    }

    /// Every stored key.
    public func allKeys() -> Set<CacheKey> {
        state.withLock { Set($0.records.keys) }
    }

    /// Removes every record; ``InMemoryNormalizedCache/evictionCount`` keeps counting from where it was.
    public func clear() {
        state.withLock { state in
            state.records.removeAll()
            state.recency = RecencyList()
            state.sizes.removeAll()
            state.bytes = 0
        }
    }
}

/// Keys from least to most recently used, with constant-time touch and removal: a doubly linked list threaded
/// through a dictionary.
struct RecencyList {
    private struct Links {
        var older: CacheKey?
        var newer: CacheKey?
    }

    private var links: [CacheKey: Links] = [:]
    private var oldest: CacheKey?
    private var newest: CacheKey?

    var count: Int { links.count }

    /// Marks a key as just used, adding it if new.
    mutating func touch(_ key: CacheKey) {
        if newest == key { return }
        remove(key)
        links[key] = Links(older: newest, newer: nil)
        if let newest { links[newest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
    }

    /// Forgets a key.
    mutating func remove(_ key: CacheKey) {
        guard let entry = links.removeValue(forKey: key) else { return }
        if let older = entry.older { links[older]?.newer = entry.newer } else { oldest = entry.newer }
        if let newer = entry.newer { links[newer]?.older = entry.older } else { newest = entry.older }
    }

    /// Removes and returns the least recently used key.
    mutating func removeOldest() -> CacheKey? {
        guard let key = oldest else { return nil }
        remove(key)
        return key
    }

    /// The keys from least to most recently used.
    var keysByAge: [CacheKey] {
        var keys: [CacheKey] = []
        var cursor = oldest
        while let key = cursor {
            keys.append(key)
            cursor = links[key]?.newer
        }
        return keys
    }
}
