/// One optimistic layer: records that reads see on top of the stored ones until the layer is removed.
struct OptimisticLayer: Sendable {
    let id: OptimisticLayerID
    let records: RecordSet

    var fields: Set<CacheFieldID> {
        var fields: Set<CacheFieldID> = []
        for key in records.keys {
            for field in records[key]?.fields.keys ?? [] { fields.insert(CacheFieldID(key: key, field: field)) }
        }
        return fields
    }
}

/// Names an optimistic layer, to replace it with the server's result or roll it back.
public struct OptimisticLayerID: Sendable, Hashable {
    let rawValue: UInt64
}

extension CacheStore {
    /// Adds a layer of optimistic writes that every read and watcher sees at once, on top of the stored records and
    /// of earlier layers.
    ///
    /// The layer lives until ``removeOptimisticLayer(_:)`` (the mutation failed: roll back) or
    /// ``replaceOptimisticLayer(_:with:)`` (the server answered). Layers of several mutations are independent, so
    /// whatever order they complete in, the stored records end as the servers' results left them.
    public func addOptimisticLayer(
        _ body: (CacheReadWriteTransaction) throws(CacheError) -> Void
    ) throws(CacheError) -> OptimisticLayerID {
        try writer.withLock { _ throws(CacheError) -> OptimisticLayerID in
            let transaction = CacheReadWriteTransaction(store: self, layers: state.withLock { $0.layers })
            try body(transaction)
            try checkSize(of: transaction.pending)
            let layer = state.withLock { state in
                let layer = OptimisticLayer(
                    id: OptimisticLayerID(rawValue: state.makeID()), records: transaction.pending)
                state.setLayers(state.layers + [layer])
                return layer
            }
            notifyWatchers(of: layer.fields)
            return layer.id
        }
    }

    /// Rolls a layer back; watchers see the stored records (and other layers) again.
    public func removeOptimisticLayer(_ id: OptimisticLayerID) {
        writer.withLock { _ in
            let removed = state.withLock { state -> OptimisticLayer? in
                guard let index = state.layers.firstIndex(where: { $0.id == id }) else { return nil }
                var layers = state.layers
                let removed = layers.remove(at: index)
                state.setLayers(layers)
                return removed
            }
            if let removed { notifyWatchers(of: removed.fields) }
        }
    }

    /// Removes a layer and writes the server's records in one step, so watchers and reads see the optimistic value
    /// replaced by the real one without the stored value in between.
    ///
    /// The step is made visible at once, before the write reaches the records: the layer is swapped for one holding
    /// the server's records beneath every other layer, which shows exactly what the written records will, whether a
    /// concurrent read finds the records before the write or after it; that layer goes once the write is in. If the
    /// write fails, the optimistic layer is put back, for the caller to roll back; reads made in between saw the
    /// server's records.
    public func replaceOptimisticLayer(_ id: OptimisticLayerID, with records: RecordSet) throws(CacheError) {
        try writer.withLock { _ throws(CacheError) in
            let records = try readyToWrite(resolvingFieldMerges(records))
            let committing = OptimisticLayer(id: OptimisticLayerID(rawValue: 0), records: records)
            let replaced = state.withLock { state -> OptimisticLayer? in
                var layers = state.layers
                let replaced = layers.firstIndex(where: { $0.id == id }).map { layers.remove(at: $0) }
                state.setLayers([committing] + layers)
                return replaced
            }
            let changed: Set<CacheFieldID>
            do throws(CacheError) {
                changed = try cache.merge(records)
            } catch {
                // The write failed: the layer goes back where it was, for the caller to roll back.
                state.withLock { state in
                    let restored = (state.layers.dropFirst() + (replaced.map { [$0] } ?? []))
                    state.setLayers(restored.sorted { $0.id.rawValue < $1.id.rawValue })
                }
                throw error
            }
            state.withLock { state in state.setLayers(state.layers.filter { $0.id.rawValue != 0 }) }
            notifyWatchers(of: changed.union(replaced?.fields ?? []))
            trimIfDue(afterWriting: records)
        }
    }

    /// The number of optimistic layers in place.
    public var optimisticLayerCount: Int { state.withLock { $0.layers.count } }
}
