import APICoreGraphQL
import Foundation

/// One normalized object: its fields by storage key (`name`, `friends(first:10)`), when each field was written and
/// when each expires.
///
/// Every field carries its write time: the record keeps the time of its latest write (``writtenAt``) and, for the
/// fields a later write left alone, the time they were written (``earlierWriteTimes``), so a query that refreshes
/// `User.name` leaves `User.avatarURL` as old as it was. A response writes all its records at one time, so most
/// records hold one date and no table.
///
/// Two records are equal when they hold the same fields and expiry dates: write times are bookkeeping, and a record
/// rewritten with the same values is the same record.
public struct Record: Sendable, Hashable {
    /// The record's key.
    public let key: CacheKey
    /// The fields, by storage key.
    public var fields: RecordFields
    /// When fields with a time to live stop being served, by storage key; fields without an entry never expire.
    public var expirations: [String: Date]
    /// When the record was last written: the write time of every field not in ``earlierWriteTimes``. `nil` until the
    /// store writes a record built by hand (it stamps the write with its clock), and for a record stored before write
    /// times were kept, which reads as older than any other.
    public var writtenAt: Date?
    /// The fields last written before ``writtenAt``, with their write times; `Date.distantPast` for a field whose
    /// write time is not known (one stored before write times were kept).
    public var earlierWriteTimes: [String: Date]

    /// A record with the given fields.
    public init(
        key: CacheKey,
        fields: RecordFields = RecordFields(),
        expirations: [String: Date] = [:],
        writtenAt: Date? = nil
    ) {
        self.key = key
        self.fields = fields
        self.expirations = expirations
        self.writtenAt = writtenAt
        earlierWriteTimes = [:]
    }

    /// A record with the fields of a dictionary.
    public init(
        key: CacheKey,
        fields: [String: RecordValue],
        expirations: [String: Date] = [:],
        writtenAt: Date? = nil
    ) {
        self.init(key: key, fields: RecordFields(fields), expirations: expirations, writtenAt: writtenAt)
    }

    /// When a field was last written; `nil` when that is not known (a record stored before write times were kept, or
    /// one built by hand and not yet written).
    public func writeTime(of storageKey: String) -> Date? {
        guard let earlier = earlierWriteTimes[storageKey] else { return writtenAt }
        return earlier.nilIfDistantPast
    }

    /// The oldest write time among the fields, `nil` when one of them has none: what trimming the least recently
    /// written records orders by is ``writtenAt``, the newest.
    public var oldestWriteTime: Date? {
        guard let writtenAt else { return nil }
        return earlierWriteTimes.values.reduce(writtenAt) { min($0, $1) }.nilIfDistantPast
    }

    /// Records are equal when their keys, fields and expiry dates are; write times do not count.
    public static func == (lhs: Record, rhs: Record) -> Bool {
        lhs.key == rhs.key && lhs.fields == rhs.fields && lhs.expirations == rhs.expirations
    }

    /// Hashes what equality compares: the key, fields and expiry dates.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(fields)
        hasher.combine(expirations)
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
        mergeWriteTimes(other)
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
        mergeWriteTimes(other)
        for (field, value) in other.fields { fields[field] = value }
        if expirations.isEmpty, other.expirations.isEmpty { return }
        for field in other.fields.keys { expirations[field] = other.expirations[field] }
    }

    /// Merges fields given as parallel lists, as ``absorb(_:)`` does: each field takes the new value and the new
    /// expiry date (none if the list has none for it). The fields are written at the record's own write time (the
    /// normalizer stamps every record of a response with one time).
    mutating func absorb(
        names: [String],
        values: [RecordValue],
        expirations newExpirations: [(storageKey: String, date: Date)]
    ) {
        fields.assign(names: names, values: values)
        if expirations.isEmpty, newExpirations.isEmpty { return }
        for name in names { expirations[name] = nil }
        for (name, date) in newExpirations { expirations[name] = date }
    }

    /// Takes the write times of `other`'s fields, before its fields are merged: each field `other` holds gets its write
    /// time there, and the others keep theirs.
    mutating func mergeWriteTimes(_ other: Record) {
        if writtenAt == other.writtenAt, earlierWriteTimes.isEmpty, other.earlierWriteTimes.isEmpty { return }
        guard let newTime = other.writtenAt else {
            // A record without a time (built by hand, not yet stamped) leaves the times as they are; the store stamps
            // what it writes before merging, so this is a merge of unstamped records among themselves.
            return
        }
        let oldTime = writtenAt ?? .distantPast
        if newTime >= oldTime {
            // The usual case: a newer write. The fields it leaves alone keep their (older) times.
            for name in fields.keys where other.fields.position(of: name) == nil && earlierWriteTimes[name] == nil {
                if oldTime != newTime { earlierWriteTimes[name] = oldTime }
            }
            for name in other.fields.keys { earlierWriteTimes[name] = other.earlierWriteTimes[name] }
            writtenAt = newTime
        } else {
            // An older write than the record's latest (a clock set back): its fields take its times.
            for name in other.fields.keys { earlierWriteTimes[name] = other.earlierWriteTimes[name] ?? newTime }
        }
    }

    /// Sets the write time of a record not yet stamped (built by hand): what the store does to what it writes.
    mutating func stamp(_ date: Date) {
        if writtenAt == nil { writtenAt = date }
    }

    /// Whether a field has expired at `date`.
    public func isExpired(_ storageKey: String, at date: Date) -> Bool {
        guard let expiry = expirations[storageKey] else { return false }
        return expiry <= date
    }
}

extension Record {
    /// The record as one JSON object for storage: `{"fields": {...}, "expires": {...}, "written": T,
    /// "writtenEarlier": {...}}`, dates as seconds since 1970 (the last two absent when unknown or empty).
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
        if let writtenAt { object["written"] = .double(writtenAt.timeIntervalSince1970) }
        if !earlierWriteTimes.isEmpty {
            var written = JSONObject()
            for name in earlierWriteTimes.keys.sorted() {
                written[name] = .double(earlierWriteTimes[name]?.timeIntervalSince1970 ?? 0)
            }
            object["writtenEarlier"] = .object(written)
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
        if let seconds = object["written"]?.doubleValue { writtenAt = Date(timeIntervalSince1970: seconds) }
        if case .object(let written)? = object["writtenEarlier"] {
            for (name, json) in written.members {
                guard let seconds = json.doubleValue else { return nil }
                earlierWriteTimes[name] = Date(timeIntervalSince1970: seconds)
            }
        }
    }
}

extension Date {
    /// `nil` for `Date.distantPast`, the stand-in for a write time that is not known.
    var nilIfDistantPast: Date? { self == .distantPast ? nil : self }
}
