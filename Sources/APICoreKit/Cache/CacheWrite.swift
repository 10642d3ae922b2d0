/// What a network call does with the records of its response.
enum CacheWrite: Sendable {
    /// Nothing: the client has no cache.
    case none
    /// Merges them into the store, notifying the watchers whose data changed; the watcher the call answers (a
    /// ``APIClient/watch(_:cachePolicy:options:)`` delivering the value itself) takes the value without reading it
    /// back.
    case publish(CacheStore, answering: UInt64? = nil)
    /// Replaces a mutation's optimistic layer with them, in one step.
    case replacingLayer(OptimisticLayerID, in: CacheStore)

    /// The store the records go to.
    var store: CacheStore? {
        switch self {
        case .none: nil
        case .publish(let store, _), .replacingLayer(_, let store): store
        }
    }

    /// Writes the records of `value` (none for a `no-store` response, which still retires an optimistic layer) and
    /// returns the failure, if any, for the response's metadata. A layer whose replacement failed is rolled back.
    func commit(_ records: RecordSet, of value: any Sendable) -> CacheError? {
        do throws(CacheError) {
            switch self {
            case .none:
                break
            case .publish(let store, nil):
                if !records.isEmpty { try store.publish(records) }
            case .publish(let store, let watcherID?):
                if !records.isEmpty { try store.publish(records, answering: watcherID, with: value) }
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
