/// Where the records of a ``CacheStore`` live: in memory, in a SQLite file, or one in front of the other.
///
/// The store serializes every call, so an implementation need not guard against concurrent calls from the same store;
/// it must be safe to share between stores and threads all the same (SQLite's own readers, for example).
public protocol NormalizedCache: Sendable {
    /// The records with the given keys; keys without a record are left out.
    func loadRecords(_ keys: Set<CacheKey>) throws(CacheError) -> [CacheKey: Record]

    /// The record with the given key, if stored.
    func loadRecord(_ key: CacheKey) throws(CacheError) -> Record?

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

    /// Removes every record.
    func clear() throws(CacheError)
}

extension NormalizedCache {
    /// Loads one record through ``loadRecords(_:)``; implementations with a cheaper single lookup override it.
    public func loadRecord(_ key: CacheKey) throws(CacheError) -> Record? {
        try loadRecords([key])[key]
    }

    /// Merges through ``merge(_:)`` and drops what changed; implementations that can skip that work override it.
    public func mergeUnobserved(_ records: RecordSet) throws(CacheError) {
        _ = try merge(records)
    }
}
