import APICoreGraphQL
import Foundation

/// What a normalized cache holds, counted: records and bytes, by type, the oldest and newest writes, and how much has
/// expired. `apicore cache stats FILE` prints it for a SQLite cache file.
public struct CacheStatistics: Sendable, Hashable {
    /// The records and bytes of one type.
    public struct TypeCount: Sendable, Hashable {
        /// The number of records.
        public var records: Int
        /// The bytes they take.
        public var bytes: Int
    }

    /// When the statistics were taken: what "expired" is measured against.
    public let date: Date
    /// The number of records.
    public private(set) var records = 0
    /// The bytes they take where they are stored (rows of a SQLite file; an estimate in memory).
    public private(set) var bytes = 0
    /// Records and bytes by type (``Record/typeName``).
    public private(set) var byType: [String: TypeCount] = [:]
    /// The oldest write time of any field with a known one.
    public private(set) var oldestWrite: Date?
    /// The newest write time of any record.
    public private(set) var newestWrite: Date?
    /// The records whose write time is not known (stored before write times were kept).
    public private(set) var recordsWithoutWriteTime = 0
    /// The records with at least one field past its expiry at ``date``.
    public private(set) var expiredRecords = 0
    /// The fields past their expiry at ``date``.
    public private(set) var expiredFields = 0

    /// Counts what `cache` holds at `date`.
    public init(of cache: any NormalizedCache, at date: Date = Date()) throws(CacheError) {
        self.date = date
        try cache.forEachRecord { record, bytes in add(record, bytes: bytes) }
    }

    private mutating func add(_ record: Record, bytes recordBytes: Int) {
        records += 1
        bytes += recordBytes
        byType[record.typeName, default: TypeCount(records: 0, bytes: 0)].records += 1
        byType[record.typeName, default: TypeCount(records: 0, bytes: 0)].bytes += recordBytes
        if let writtenAt = record.writtenAt {
            newestWrite = max(newestWrite ?? writtenAt, writtenAt)
            let oldest = record.earlierWriteTimes.values.compactMap(\.nilIfDistantPast).reduce(writtenAt) {
                min($0, $1)
            }
            oldestWrite = min(oldestWrite ?? oldest, oldest)
        } else {
            recordsWithoutWriteTime += 1
        }
        let expired = record.expirations.values.filter { $0 <= date }.count
        expiredFields += expired
        if expired > 0 { expiredRecords += 1 }
    }

    /// The statistics as JSON: dates in ISO 8601, types by name.
    public var json: JSONValue {
        var types = JSONObject()
        for name in byType.keys.sorted() {
            let count = byType[name]!
            types[name] = .object(["records": .int(Int64(count.records)), "bytes": .int(Int64(count.bytes))])
        }
        return .object([
            "date": .string(date.iso8601),
            "records": .int(Int64(records)),
            "bytes": .int(Int64(bytes)),
            "byType": .object(types),
            "oldestWrite": oldestWrite.map { .string($0.iso8601) } ?? .null,
            "newestWrite": newestWrite.map { .string($0.iso8601) } ?? .null,
            "recordsWithoutWriteTime": .int(Int64(recordsWithoutWriteTime)),
            "expiredRecords": .int(Int64(expiredRecords)),
            "expiredFields": .int(Int64(expiredFields)),
        ])
    }
}

extension Date {
    /// The date in ISO 8601, UTC, with milliseconds: `2026-11-28T21:30:00.250Z`.
    package var iso8601: String {
        formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
