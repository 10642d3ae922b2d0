import APICoreGraphQL
import Foundation

/// One normalized object: its fields by storage key (`name`, `friends(first:10)`), and when each field expires.
public struct Record: Sendable, Hashable {
    /// The record's key.
    public let key: CacheKey
    /// The fields, by storage key.
    public var fields: RecordFields
    /// When fields with a time to live stop being served, by storage key; fields without an entry never expire.
    public var expirations: [String: Date]

    /// A record with the given fields.
    public init(key: CacheKey, fields: RecordFields = RecordFields(), expirations: [String: Date] = [:]) {
        self.key = key
        self.fields = fields
        self.expirations = expirations
    }

    /// A record with the fields of a dictionary.
    public init(key: CacheKey, fields: [String: RecordValue], expirations: [String: Date] = [:]) {
        self.init(key: key, fields: RecordFields(fields), expirations: expirations)
    }

    /// The value of a field.
    public subscript(storageKey: String) -> RecordValue? {
        get { fields[storageKey] }
        set { fields[storageKey] = newValue }
    }

    /// The keys of the records this one refers to.
    public var references: [CacheKey] { fields.values.flatMap(\.references) }

    /// Merges another version of the record into this one, field by field, and returns the storage keys of the
    /// fields whose value or expiry changed.
    @discardableResult
    public mutating func merge(_ other: Record) -> Set<String> {
        var changed: Set<String> = []
        for (field, value) in other.fields where fields[field] != value {
            fields[field] = value
            changed.insert(field)
        }
        for field in other.fields.keys where expirations[field] != other.expirations[field] {
            expirations[field] = other.expirations[field]
            changed.insert(field)
        }
        return changed
    }

    /// Merges another version of the record into this one as ``merge(_:)`` does, without collecting what changed.
    mutating func absorb(_ other: Record) {
        for (field, value) in other.fields { fields[field] = value }
        if expirations.isEmpty, other.expirations.isEmpty { return }
        for field in other.fields.keys { expirations[field] = other.expirations[field] }
    }

    /// Merges fields given as parallel lists, as ``absorb(_:)`` does: each field takes the new value and the new
    /// expiry date (none if the list has none for it).
    mutating func absorb(
        names: [String],
        values: [RecordValue],
        expirations newExpirations: [(storageKey: String, date: Date)]
    ) {
        for (name, value) in zip(names, values) { fields[name] = value }
        if expirations.isEmpty, newExpirations.isEmpty { return }
        for name in names { expirations[name] = nil }
        for (name, date) in newExpirations { expirations[name] = date }
    }

    /// Whether a field has expired at `date`.
    public func isExpired(_ storageKey: String, at date: Date) -> Bool {
        guard let expiry = expirations[storageKey] else { return false }
        return expiry <= date
    }
}

extension Record {
    /// The record as one JSON object for storage: `{"fields": {...}, "expires": {...}}`, expiry as seconds since
    /// 1970.
    public var storageJSON: JSONObject {
        var fieldsObject = JSONObject()
        for name in fields.keys.sorted() { fieldsObject[name] = fields[name]?.storageJSON }
        var object: JSONObject = ["fields": .object(fieldsObject)]
        if !expirations.isEmpty {
            var expires = JSONObject()
            for name in expirations.keys.sorted() {
                expires[name] = .double(expirations[name]?.timeIntervalSince1970 ?? 0)
            }
            object["expires"] = .object(expires)
        }
        return object
    }

    /// Reads a record written by ``storageJSON``; `nil` for JSON it cannot have written.
    public init?(key: CacheKey, storageJSON object: JSONObject) {
        guard case .object(let fieldsObject)? = object["fields"] else { return nil }
        var fields = RecordFields()
        fields.reserveCapacity(fieldsObject.count)
        for (name, json) in fieldsObject.members {
            guard let value = RecordValue(storageJSON: json) else { return nil }
            fields[name] = value
        }
        var expirations: [String: Date] = [:]
        if case .object(let expires)? = object["expires"] {
            for (name, json) in expires.members {
                guard let seconds = json.doubleValue else { return nil }
                expirations[name] = Date(timeIntervalSince1970: seconds)
            }
        }
        self.init(key: key, fields: fields, expirations: expirations)
    }
}
