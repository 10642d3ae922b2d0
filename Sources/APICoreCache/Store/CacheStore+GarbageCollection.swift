/// What a garbage collection removed.
public struct CacheGarbageCollection: Sendable, Hashable {
    /// Records that no root, watcher or optimistic layer reaches.
    public var removedRecords: Set<CacheKey>
    /// Fields whose time to live had passed, from records that were kept.
    public var removedFields: Set<CacheFieldID>
}

extension CacheStore {
    /// Removes expired fields, then every record that cannot be reached from the operation roots, from what live
    /// watchers read, or from optimistic layers. References held by expired fields do not keep records alive.
    ///
    /// Expired fields are what a permissive read (`CacheFreshness.permissive(maxStale:)`) still serves: collecting
    /// garbage takes them away from it.
    @discardableResult
    public func collectGarbage() throws(CacheError) -> CacheGarbageCollection {
        try writer.withLock { _ throws(CacheError) -> CacheGarbageCollection in
            let roots = Set(CacheKey.roots).union(keysInUse())
            var expired: Set<CacheFieldID> = []
            let reachable = try reachableKeys(from: roots, expiredFields: &expired)
            for field in expired { _ = try cache.removeField(field) }
            let unreachable = try cache.allKeys().subtracting(reachable)
            var changed = expired
            changed.formUnion(try cache.removeRecords(unreachable))
            notifyWatchers(of: changed)
            return CacheGarbageCollection(removedRecords: unreachable, removedFields: expired)
        }
    }

    /// The keys of the records live watchers read and optimistic layers hold or refer to: what neither garbage
    /// collection nor trimming removes.
    func keysInUse() -> Set<CacheKey> {
        let (watched, layers) = state.withLock { ($0.watchers.dependedOnKeys, $0.layers) }
        var keys = watched
        for layer in layers {
            for (key, record) in layer.records.records {
                keys.insert(key)
                keys.formUnion(record.references)
            }
        }
        return keys
    }

    /// The stored keys reachable from `start` through references, collecting expired fields on the way (their
    /// references are not followed).
    func reachableKeys(
        from start: Set<CacheKey>, expiredFields: inout Set<CacheFieldID>
    ) throws(CacheError)
        -> Set<CacheKey>
    {
        let date = now()
        var reachable: Set<CacheKey> = []
        var frontier = start
        while !frontier.isEmpty {
            let records = try cache.loadRecords(frontier)
            reachable.formUnion(records.keys)
            var next: Set<CacheKey> = []
            for record in records.values {
                for (field, value) in record.fields {
                    if record.isExpired(field, at: date) {
                        expiredFields.insert(CacheFieldID(key: record.key, field: field))
                        continue
                    }
                    for key in value.references where !reachable.contains(key) { next.insert(key) }
                }
            }
            frontier = next
        }
        return reachable
    }
}
