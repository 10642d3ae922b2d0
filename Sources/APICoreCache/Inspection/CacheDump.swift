import APICoreGraphQL
import Foundation

/// The records of a normalized cache as JSON, for debugging what an app's cache holds: every record, one key's, or
/// one type's. `apicore cache dump FILE [--key K | --type T]` prints it for a SQLite cache file.
///
/// Each record is an object with its `key`, `type` (``Record/typeName``), `bytes`, `writtenAt` and `fields`; each
/// field holds its `value` (as the cache stores it: `{"$ref": key}` for a reference, arrays for lists, and JSON
/// objects and arrays wrapped as `{"$json": ...}`), its `writtenAt`, and, for a field with a time to live, its
/// `expiresAt` and whether it had `expired` when the dump was taken. Records come sorted by key; dates are ISO 8601,
/// `null` when not known.
public struct CacheDump: Sendable {
    /// Which records a dump holds.
    public enum Filter: Sendable, Hashable {
        /// Every record.
        case all
        /// The record with this key, if stored.
        case key(CacheKey)
        /// The records of this type (``Record/typeName``).
        case type(String)

        func includes(_ record: Record) -> Bool {
            switch self {
            case .all: true
            case .key(let key): record.key == key
            case .type(let name): record.typeName == name
            }
        }
    }

    /// The records dumped, each as a JSON object, sorted by key.
    public let records: [JSONObject]

    /// Dumps the records of `cache` that `filter` selects, marking what has expired at `date`.
    public init(of cache: any NormalizedCache, filter: Filter = .all, at date: Date = Date()) throws(CacheError) {
        var found: [(key: CacheKey, json: JSONObject)] = []
        // One walk for every filter, a key's included, so each record's size is the one its storage reports.
        try cache.forEachRecord { record, bytes in
            guard filter.includes(record) else { return }
            found.append((record.key, Self.json(of: record, bytes: bytes, at: date)))
        }
        records = found.sorted { $0.key < $1.key }.map(\.json)
    }

    /// The dump as one JSON array.
    public var json: JSONValue { .array(records.map(JSONValue.object)) }

    static func json(of record: Record, bytes: Int, at date: Date) -> JSONObject {
        var fields = JSONObject()
        for name in record.fields.keys.sorted() {
            var field: JSONObject = [
                "value": record.fields[name]?.storageJSON ?? .null,
                "writtenAt": record.writeTime(of: name).map { .string($0.iso8601) } ?? .null,
            ]
            if let expiry = record.expirations[name] {
                field["expiresAt"] = .string(expiry.iso8601)
                field["expired"] = .bool(expiry <= date)
            }
            fields[name] = .object(field)
        }
        return [
            "key": .string(record.key.rawValue),
            "type": .string(record.typeName),
            "bytes": .int(Int64(bytes)),
            "writtenAt": record.writtenAt.map { .string($0.iso8601) } ?? .null,
            "fields": .object(fields),
        ]
    }
}
