/// One optimistic layer: records that reads see on top of the stored ones until the layer is removed.
struct OptimisticLayer {
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
        try state.withLock { state throws(CacheError) -> OptimisticLayerID in
            let transaction = CacheReadWriteTransaction(store: self, layers: state.layers)
            try body(transaction)
            try checkSize(of: transaction.pending)
            let layer = OptimisticLayer(id: OptimisticLayerID(rawValue: state.makeID()), records: transaction.pending)
            state.layers.append(layer)
            notifyWatchers(of: layer.fields, in: &state)
            return layer.id
        }
    }

    /// Rolls a layer back; watchers see the stored records (and other layers) again.
    public func removeOptimisticLayer(_ id: OptimisticLayerID) {
        state.withLock { state in
            guard let index = state.layers.firstIndex(where: { $0.id == id }) else { return }
            let layer = state.layers.remove(at: index)
            notifyWatchers(of: layer.fields, in: &state)
        }
    }

    /// Removes a layer and writes the server's records in one step, so watchers see the optimistic value replaced by
    /// the real one without the stored value in between.
    public func replaceOptimisticLayer(_ id: OptimisticLayerID, with records: RecordSet) throws(CacheError) {
        try state.withLock { state throws(CacheError) in
            // Write first: if the write fails the layer stays, for the caller to roll back.
            let records = try resolvingFieldMerges(records)
            try checkSize(of: records)
            var changed = try cache.merge(records)
            if let index = state.layers.firstIndex(where: { $0.id == id }) {
                changed.formUnion(state.layers.remove(at: index).fields)
            }
            notifyWatchers(of: changed, in: &state)
        }
    }

    /// The number of optimistic layers in place.
    public var optimisticLayerCount: Int { state.withLock { $0.layers.count } }
}
