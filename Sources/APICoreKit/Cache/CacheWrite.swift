/// What a network call does with the records of its response.
enum CacheWrite: Sendable {
    /// Nothing: the client has no cache.
    case none
    /// Merges them into the store, notifying the watchers whose data changed.
    case publish(CacheStore)
    /// Replaces a mutation's optimistic layer with them, in one step.
    case replacingLayer(OptimisticLayerID, in: CacheStore)

    /// The store the records go to.
    var store: CacheStore? {
        switch self {
        case .none: nil
        case .publish(let store), .replacingLayer(_, let store): store
        }
    }

    /// Writes the records (none for a `no-store` response, which still retires an optimistic layer) and returns the
    /// failure, if any, for the response's metadata. A layer whose replacement failed is rolled back.
    func commit(_ records: RecordSet) -> CacheError? {
        do throws(CacheError) {
            switch self {
            case .none:
                break
            case .publish(let store):
                if !records.isEmpty { try store.publish(records) }
            case .replacingLayer(let layer, let store):
                try store.replaceOptimisticLayer(layer, with: records)
            }
            return nil
        } catch {
            if case .replacingLayer(let layer, let store) = self { store.removeOptimisticLayer(layer) }
            return error
        }
    }
}
