import APICoreGraphQL
import Foundation

/// One stored record as inspection and trimming see it: its key, when it was last written and how many bytes it takes.
public struct CacheRecordSummary: Sendable, Hashable {
    /// The record's key.
    public let key: CacheKey
    /// When the record was last written (``Record/writtenAt``); `nil` when not known.
    public let writtenAt: Date?
    /// The bytes the record takes where it is stored: its row in a SQLite file, an estimate of its encoding in memory.
    public let byteCount: Int

    /// A summary.
    public init(key: CacheKey, writtenAt: Date?, byteCount: Int) {
        self.key = key
        self.writtenAt = writtenAt
        self.byteCount = byteCount
    }
}

extension NormalizedCache {
    /// Calls `body` with every stored record and the bytes it takes, loading them a batch of keys at a time: what
    /// the default inspection of a cache reads. Caches that can walk their storage directly override
    /// ``NormalizedCache/forEachRecord(_:)``.
    public func loadEveryRecord(_ body: (Record, Int) throws(CacheError) -> Void) throws(CacheError) {
        let keys = try allKeys().sorted()
        var start = 0
        while start < keys.count {
            let batch = keys[start..<min(start + 256, keys.count)]
            start += batch.count
            let records = try loadRecords(Set(batch))
            for key in batch {
                guard let record = records[key] else { continue }
                try body(record, record.estimatedByteCount)
            }
        }
    }

    /// The summary of every stored record, from ``NormalizedCache/forEachRecord(_:)``.
    public func summarizeEveryRecord() throws(CacheError) -> [CacheRecordSummary] {
        var summaries: [CacheRecordSummary] = []
        try forEachRecord { record, bytes throws(CacheError) in
            summaries.append(CacheRecordSummary(key: record.key, writtenAt: record.writtenAt, byteCount: bytes))
        }
        return summaries
    }
}

extension Record {
    /// The type a record holds: its `__typename` when stored, else what its key says (`User` for `User:1`, the key
    /// itself for a root such as `QUERY_ROOT`).
    public var typeName: String {
        if case .value(.string(let name))? = fields["__typename"] { return name }
        let raw = key.rawValue
        if let colon = raw.firstIndex(of: ":"), colon != raw.startIndex { return String(raw[..<colon]) }
        if let dot = raw.firstIndex(of: "."), dot != raw.startIndex { return String(raw[..<dot]) }
        return raw
    }

    /// About how many bytes the record's encoding takes: its key, field names and values, and a date per field
    /// with an expiry or an earlier write time.
    public var estimatedByteCount: Int {
        var bytes = key.rawValue.utf8.count + 16
        for (name, value) in fields { bytes += name.utf8.count + 1 + value.estimatedByteCount }
        bytes += expirations.count * 12 + earlierWriteTimes.count * 12
        return bytes
    }
}

extension RecordValue {
    /// About how many bytes the value's encoding takes.
    var estimatedByteCount: Int {
        switch self {
        case .value(let json): json.estimatedByteCount
        case .reference(let key): key.rawValue.utf8.count + 2
        case .list(let elements): elements.reduce(2) { $0 + $1.estimatedByteCount }
        case .error(let error): error.jsonValue.estimatedByteCount + 10
        }
    }
}

extension JSONValue {
    /// About how many bytes the value's encoding takes.
    var estimatedByteCount: Int {
        switch self {
        case .null, .bool: 1
        case .int, .double: 9
        case .string(let string): string.utf8.count + 2
        case .numberText(let text): text.utf8.count + 2
        case .array(let elements): elements.reduce(2) { $0 + $1.estimatedByteCount }
        case .object(let object): object.members.reduce(2) { $0 + $1.key.utf8.count + 1 + $1.value.estimatedByteCount }
        }
    }
}
