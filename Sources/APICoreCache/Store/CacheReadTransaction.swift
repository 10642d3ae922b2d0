import APICoreGraphQL
import APICoreJSON

/// A consistent view of the cache for the duration of one ``CacheStore/withReadTransaction(_:)`` call: records as
/// stored, with optimistic layers applied in order. Do not keep it past the call.
public class CacheReadTransaction {
    let store: CacheStore
    let layers: [OptimisticLayer]
    /// The one consistent view of the cache every read of the transaction goes through, when it has one (a read
    /// transaction does; a read-write one reads the cache itself, which no other write can change meanwhile).
    let view: (any NormalizedCacheReader)?
    /// Writes made in this transaction, visible to its own reads.
    var pending = RecordSet()

    init(store: CacheStore, layers: [OptimisticLayer], view: (any NormalizedCacheReader)? = nil) {
        self.store = store
        self.layers = layers
        self.view = view
    }

    /// The record with the given key as this transaction sees it.
    public func record(for key: CacheKey) throws(CacheError) -> Record? {
        try overlaid((view ?? store.cache).loadRecord(key), key: key)
    }

    /// The records with the given keys as this transaction sees them, loaded from the cache in one call.
    func records(for keys: Set<CacheKey>) throws(CacheError) -> [CacheKey: Record] {
        try records(for: keys, from: view ?? store.cache)
    }

    private func records(
        for keys: Set<CacheKey>, from cache: any NormalizedCacheReader
    ) throws(CacheError) -> [CacheKey: Record] {
        let stored = try cache.loadRecords(keys)
        if layers.isEmpty, pending.isEmpty { return stored }
        var records: [CacheKey: Record] = [:]
        for key in keys {
            if let record = overlaid(stored[key], key: key) { records[key] = record }
        }
        return records
    }

    /// A stored record with the optimistic layers and this transaction's writes applied.
    private func overlaid(_ stored: Record?, key: CacheKey) -> Record? {
        var record = stored
        if layers.isEmpty, pending.isEmpty { return record }
        for layer in layers {
            guard let overlay = layer.records[key] else { continue }
            if record == nil { record = Record(key: key) }
            record?.merge(overlay)
        }
        if let overlay = pending[key] {
            if record == nil { record = Record(key: key) }
            record?.merge(overlay)
        }
        return record
    }

    /// An operation's data rebuilt from the cache.
    public func read<Operation: GraphQLOperation>(_ operation: Operation) throws(CacheError) -> Operation.Data {
        try withDataReader(variables: operation.effectiveVariables, tracksDependencies: false) {
            reader throws(CacheError) in
            try reader.read(
                operation.__dataSelections, as: Operation.Data.self, at: .root(of: operation.__operationType))
        }
    }

    /// An operation's data rebuilt from the cache, with the fields past their time to live that `freshness` lets the
    /// read serve.
    public func read<Operation: GraphQLOperation>(
        _ operation: Operation,
        freshness: CacheFreshness
    ) throws(CacheError) -> CacheRead<Operation.Data> {
        try withDataReader(variables: operation.effectiveVariables, tracksDependencies: false, freshness: freshness) {
            reader throws(CacheError) in
            let value = try reader.read(
                operation.__dataSelections, as: Operation.Data.self, at: .root(of: operation.__operationType))
            return CacheRead(
                value: value, staleFields: reader.staleFields, nextExpiry: reader.nextExpiry,
                fieldErrors: reader.fieldErrors)
        }
    }

    /// A selection set (a fragment, usually) rebuilt from the record with the given key. A fragment's variables left
    /// out of `variables` take the defaults it declares.
    public func readFragment<Selection: GraphQLSelectionSet>(
        _ type: Selection.Type,
        key: CacheKey,
        variables: JSONObject = JSONObject()
    ) throws(CacheError) -> Selection {
        let variables = withFragmentDefaults(variables, of: type)
        return try withDataReader(variables: variables, tracksDependencies: false) { reader throws(CacheError) in
            try reader.read(type, at: key)
        }
    }

    /// What the cache holds of an operation's data: missing and expired fields read as `null`, which goes up to the
    /// nearest field that may be null; `nil` data when nothing may be null on the way to the root.
    ///
    /// With a permissive `freshness`, fields past their time to live that it allows are served and listed in
    /// ``CachePartialRead/staleFields``.
    public func readPartial<Operation: GraphQLOperation>(
        _ operation: Operation,
        freshness: CacheFreshness = .strict
    ) throws(CacheError) -> CachePartialRead<Operation.Data> {
        try withDataReader(variables: operation.effectiveVariables, tracksDependencies: false, freshness: freshness) {
            reader throws(CacheError) in
            let (value, misses) = try reader.readPartial(
                operation.__dataSelections, as: Operation.Data.self, at: .root(of: operation.__operationType))
            return CachePartialRead(
                value: value, misses: misses, staleFields: reader.staleFields, fieldErrors: reader.fieldErrors)
        }
    }

    /// A read that also reports every field it depended on, found or not, and the field errors it met.
    func read<Selection: GraphQLSelectionSet>(
        _ selections: GraphQLSelectionTree,
        as type: Selection.Type,
        key: CacheKey,
        variables: JSONObject
    ) -> WatcherReadResult<Selection> {
        var dependencies: Set<CacheFieldID> = []
        var fieldErrors: [GraphQLError] = []
        do throws(CacheError) {
            let value = try withDataReader(variables: variables, tracksDependencies: true) {
                reader throws(CacheError) in
                defer {
                    dependencies = reader.dependencies
                    fieldErrors = reader.fieldErrors
                }
                return try reader.read(selections, as: type, at: key)
            }
            return WatcherReadResult(value: .success(value), dependencies: dependencies, fieldErrors: fieldErrors)
        } catch {
            return WatcherReadResult(value: .failure(error), dependencies: dependencies, fieldErrors: [])
        }
    }

    /// Runs `body` with a data reader that loads from one consistent view of the cache (the transaction's, or one
    /// opened here), with the optimistic layers and this transaction's writes applied.
    private func withDataReader<Value: Sendable>(
        variables: JSONObject,
        tracksDependencies: Bool,
        freshness: CacheFreshness = .strict,
        _ body: (inout CacheDataReader) throws(CacheError) -> Value
    ) throws(CacheError) -> Value {
        if let view {
            return try read(
                from: view, variables: variables, tracksDependencies: tracksDependencies, freshness: freshness, body)
        }
        return try store.cache.withConsistentReads { cache throws(CacheError) in
            try read(
                from: cache, variables: variables, tracksDependencies: tracksDependencies, freshness: freshness, body)
        }
    }

    private func read<Value: Sendable>(
        from cache: any NormalizedCacheReader,
        variables: JSONObject,
        tracksDependencies: Bool,
        freshness: CacheFreshness,
        _ body: (inout CacheDataReader) throws(CacheError) -> Value
    ) throws(CacheError) -> Value {
        // Nothing to lay over the stored records (the usual case) loads them as stored: passing each through
        // `overlaid`, which then returns it untouched, still copied the optional record through its generic value
        // witness and allocated, a twentieth of a cache read's time. Neither the layers nor this transaction's writes
        // change while a read runs.
        let load: (CacheKey) throws(CacheError) -> Record? =
            layers.isEmpty && pending.isEmpty
            ? { key throws(CacheError) in try cache.loadRecord(key) }
            : { key throws(CacheError) in try self.overlaid(cache.loadRecord(key), key: key) }
        var reader = CacheDataReader(
            variables: variables, typePolicies: store.keyResolver.typePolicies, now: store.now(),
            tracksDependencies: tracksDependencies, batchesLoads: cache.prefersBatchedLoads,
            load: load, loadMany: { keys throws(CacheError) in try self.records(for: keys, from: cache) })
        reader.freshness = freshness
        return try body(&reader)
    }
}

/// A read transaction that can also write; its writes are applied together when the transaction ends.
public final class CacheReadWriteTransaction: CacheReadTransaction {
    /// Writes an operation's data, as if it had come from the network.
    public func write<Operation: GraphQLOperation>(
        _ data: Operation.Data,
        for operation: Operation,
        maxAge: Duration? = nil
    ) throws(CacheError) {
        try merge(
            try store.records(
                of: data, selections: operation.__dataSelections, variables: operation.effectiveVariables,
                rootKey: .root(of: operation.__operationType), maxAge: maxAge))
    }

    /// Writes a fragment's data (or any selection set's) to the record with the given key. A fragment's variables
    /// left out of `variables` take the defaults it declares.
    public func writeFragment<Selection: GraphQLSelectionSet>(
        _ fragment: Selection,
        key: CacheKey,
        variables: JSONObject = JSONObject()
    ) throws(CacheError) {
        try merge(
            try store.records(
                of: fragment, selections: GraphQLSelectionTree(Selection.self),
                variables: withFragmentDefaults(variables, of: Selection.self), rootKey: key, maxAge: nil))
    }

    /// Sets fields of a record directly, creating it if needed.
    public func update(_ key: CacheKey, fields: [String: RecordValue]) {
        add(RecordSet([Record(key: key, fields: fields)]))
    }

    /// Merges normalized records. A field with a merging field policy (a page of a connection) is first merged with
    /// the value the cache holds, so that it holds every page.
    public func merge(_ records: RecordSet) throws(CacheError) {
        guard !records.fieldMerges.isEmpty else { return add(records) }
        var records = records
        for fieldMerge in records.fieldMerges {
            try fieldMerge.resolve(in: &records) { keys throws(CacheError) in try self.records(for: keys) }
        }
        records.fieldMerges = []
        add(records)
    }

    private func add(_ records: RecordSet) {
        if pending.isEmpty {
            pending = records
        } else {
            for record in records.records.values { pending.add(record) }
        }
    }
}

/// `variables` with the defaults of `type`'s own variables for those left out, when it is a fragment.
private func withFragmentDefaults(_ variables: JSONObject, of type: any GraphQLSelectionSet.Type) -> JSONObject {
    guard let fragment = type as? any GraphQLFragment.Type else { return variables }
    return variables.withDefaults(fragment.variableDefaults)
}
