import Foundation

/// Records by key, as one write produces them: objects met several times in a response are merged into one record.
public struct RecordSet: Sendable, Hashable {
    /// The records.
    public private(set) var records: [CacheKey: Record]
    /// The fields whose new values join the stored ones by their field policy (pages of a list), in the order the
    /// normalizer met them; a write transaction carries them out against what the cache holds.
    package var fieldMerges: [CacheFieldMerge] = []

    /// A set of the given records, merged where keys repeat.
    public init(_ records: some Sequence<Record> = []) {
        self.records = [:]
        for record in records { merge(record) }
    }

    /// The number of records.
    public var count: Int { records.count }

    /// Whether the set has no records.
    public var isEmpty: Bool { records.isEmpty }

    /// The keys, sorted.
    public var keys: [CacheKey] { records.keys.sorted() }

    /// The record with the given key.
    public subscript(key: CacheKey) -> Record? { records[key] }

    /// Merges a record into the set and returns the changed fields as `key.field` identifiers.
    @discardableResult
    public mutating func merge(_ record: Record) -> Set<CacheFieldID> {
        if var existing = records[record.key] {
            let changed = existing.merge(record)
            records[record.key] = existing
            return Set(changed.map { CacheFieldID(key: record.key, field: $0) })
        }
        records[record.key] = record
        return Set(record.fields.keys.map { CacheFieldID(key: record.key, field: $0) })
    }

    /// Takes a record out of the set.
    package mutating func remove(_ key: CacheKey) {
        records[key] = nil
    }

    /// Sets a field of a record in the set, creating the record if needed.
    package mutating func set(_ field: CacheFieldID, to value: RecordValue) {
        records[field.key, default: Record(key: field.key)].fields[field.field] = value
    }

    /// Merges a record into the set without working out what changed; a new key is hashed twice, a repeated one once.
    mutating func add(_ record: Record) {
        if let index = records.index(forKey: record.key) {
            records.values[index].absorb(record)
        } else {
            records[record.key] = record
        }
    }

    /// Merges a record given as parallel lists of storage keys (each once; the list may be shared with other
    /// records) and values, and its expiry dates, adopting the lists when the key is new; the fields were written at
    /// `writtenAt`, the time of every record of the set that adds them.
    mutating func add(
        key: CacheKey,
        names: [String],
        values: [RecordValue],
        expirations: [(storageKey: String, date: Date)],
        writtenAt: Date
    ) {
        if let index = records.index(forKey: key) {
            records.values[index].absorb(names: names, values: values, expirations: expirations)
            return
        }
        var record = Record(key: key, fields: RecordFields(uniqueKeys: names, values: values), writtenAt: writtenAt)
        for (name, date) in expirations { record.expirations[name] = date }
        records[key] = record
    }

    /// Stamps every record not yet stamped (built by hand rather than normalized) with the write time `date`.
    mutating func stamp(_ date: Date) {
        guard records.values.contains(where: { $0.writtenAt == nil }) else { return }
        for index in records.indices where records.values[index].writtenAt == nil {
            records.values[index].stamp(date)
        }
    }

    /// Merges every record of another set.
    @discardableResult
    public mutating func merge(_ other: RecordSet) -> Set<CacheFieldID> {
        var changed: Set<CacheFieldID> = []
        for record in other.records.values { changed.formUnion(merge(record)) }
        fieldMerges += other.fieldMerges
        return changed
    }
}

/// One field of one record: the unit in which the store tracks changes and watchers track what they read.
public struct CacheFieldID: Sendable, Hashable, CustomStringConvertible {
    /// The record's key.
    public let key: CacheKey
    /// The field's storage key.
    public let field: String

    /// A field of a record.
    public init(key: CacheKey, field: String) {
        self.key = key
        self.field = field
    }

    /// Stands for every field of a record: what a read that found no record depends on.
    public init(wholeRecord key: CacheKey) {
        self.init(key: key, field: "")
    }

    /// Whether this stands for every field of its record.
    public var isWholeRecord: Bool { field.isEmpty }

    /// `Key.field`, or just the key for a whole record.
    public var description: String { isWholeRecord ? key.rawValue : "\(key.rawValue).\(field)" }
}
