import APICoreCache
import APICoreGraphQL
import Foundation
import GRDB

/// The normalized cache persisted to a SQLite file, usable alone or behind the in-memory cache
/// (`APICoreCache/ChainedNormalizedCache`).
///
/// The file is opened in WAL mode through one GRDB `DatabasePool`: one writer connection, and up to eight readers
/// that read a consistent snapshot without ever waiting for the writer, so reads never meet "database is locked".
/// Each ``merge(_:)`` is one write transaction, so the records a response produces are committed together or not at
/// all, and a process killed in the middle of a write leaves every committed merge in place. (GRDB runs WAL files with
/// `synchronous = NORMAL`: a crash of the process loses nothing committed; a power cut may lose the last merges, which
/// a cache refetches.)
///
/// Each record is one row holding its compact binary encoding (`RecordCoding`): a merge reads the rows of the keys it
/// touches in one statement and rewrites those that changed, and a read of a query loads its records inside one
/// read transaction (``withConsistentReads(_:)``), a list's records in one statement. The tables are created and
/// upgraded by migrations that run when the file is opened.
public final class SQLiteNormalizedCache: NormalizedCache {
    /// The database file.
    public let fileURL: URL
    /// Where a corrupt file found at ``fileURL`` was moved when the cache was opened (it was then rebuilt empty), so
    /// the app can report it; `nil` when the file was sound.
    public let setAsideCorruptFile: URL?
    private let pool: DatabasePool

    private static let table = CacheSchema.recordsTable

    /// Opens the cache stored at `fileURL`, creating the file if needed and upgrading a file an older version wrote.
    ///
    /// A file that is not a database, is truncated or fails SQLite's integrity check is, by default, moved aside
    /// (see ``setAsideCorruptFile``) and replaced by an empty cache rather than failing the app; `options` can
    /// change that, and can give every connection a key through ``SQLiteFileOptions/prepareConnection``.
    public init(fileURL: URL, options: SQLiteFileOptions = SQLiteFileOptions()) throws(CacheError) {
        self.fileURL = fileURL
        do {
            let opened = try SQLiteDatabase.open(
                at: fileURL, label: "APICoreSQLite.cache", migrator: CacheSchema.migrator, options: options)
            pool = opened.pool
            setAsideCorruptFile = opened.setAsideFile
        } catch {
            throw CacheError(.storage, reason: "the cache database could not be opened", underlying: error)
        }
    }

    /// Closes the database; any later call fails with `.storage`.
    public func close() throws(CacheError) {
        do {
            try pool.close()
        } catch {
            throw CacheError(.storage, reason: "the cache database could not be closed", underlying: error)
        }
    }

    /// The stored records with the given keys, one primary-key lookup each, read from a consistent snapshot. A row that
    /// does not read throws `CacheError` with the `corruptRecord` code.
    public func loadRecords(_ keys: Set<CacheKey>) throws(CacheError) -> [CacheKey: APICoreCache.Record] {
        guard !keys.isEmpty else { return [:] }
        return try read { db in try Self.load(keys, in: db) }
    }

    /// The stored record with the given key, if any; a row that does not read throws with the `corruptRecord` code.
    public func loadRecord(_ key: CacheKey) throws(CacheError) -> APICoreCache.Record? {
        try read { db in try Self.storedRecord(key, in: db) }
    }

    /// Runs `body` with a reader that loads every record through one read transaction, so a query's records come from
    /// one state of the file and pay for one transaction, not one each.
    public func withConsistentReads<Value: Sendable>(
        _ body: (any NormalizedCacheReader) throws(CacheError) -> Value
    ) throws(CacheError) -> Value {
        do {
            // Reentrant, so that a read made inside `body` through the cache itself joins this transaction; a
            // reentrant read opens no transaction of its own, so one is begun here unless one is open already.
            return try pool.unsafeReentrantRead { db in
                if db.isInsideTransaction { return try body(Snapshot(db: db)) }
                var value: Value?
                try db.inTransaction(.deferred) {
                    value = try body(Snapshot(db: db))
                    return .commit
                }
                guard let value else { preconditionFailure("a committed read transaction ran its body") }
                return value
            }
        } catch {
            throw Self.cacheError(error, reading: true)
        }
    }

    /// `true`: each load is a statement, and one statement loads many records.
    public var prefersBatchedLoads: Bool { true }

    /// Loads records through the connection of one read transaction.
    private struct Snapshot: NormalizedCacheReader {
        let db: Database

        var prefersBatchedLoads: Bool { true }

        func loadRecords(_ keys: Set<CacheKey>) throws(CacheError) -> [CacheKey: Record] {
            do {
                return try SQLiteNormalizedCache.load(keys, in: db)
            } catch {
                throw SQLiteNormalizedCache.cacheError(error, reading: true)
            }
        }

        func loadRecord(_ key: CacheKey) throws(CacheError) -> Record? {
            do {
                return try SQLiteNormalizedCache.storedRecord(key, in: db)
            } catch {
                throw SQLiteNormalizedCache.cacheError(error, reading: true)
            }
        }
    }

    /// Merges the records field by field in one write transaction and returns the fields whose value changed; a stored
    /// row that no longer reads is replaced by the new record.
    public func merge(_ records: RecordSet) throws(CacheError) -> Set<CacheFieldID> {
        guard !records.isEmpty else { return [] }
        return try merge(records, reportsChanges: true)
    }

    /// Merges the records as ``merge(_:)`` does, without working out which fields changed: what a store with no
    /// watchers asks for.
    public func mergeUnobserved(_ records: RecordSet) throws(CacheError) {
        guard !records.isEmpty else { return }
        _ = try merge(records, reportsChanges: false)
    }

    /// Merges the records in one write transaction, in the order of their keys (for text keys as servers write them,
    /// the order of the table's primary key, so that the rows written sit together); returns the fields that changed
    /// when `reportsChanges`.
    private func merge(_ records: RecordSet, reportsChanges: Bool) throws(CacheError) -> Set<CacheFieldID> {
        try write { db in
            var changed: Set<CacheFieldID> = []
            let keys = records.keys
            // A row that no longer reads is replaced: the response is newer than whatever it held.
            let storedRecords = try Self.load(Set(keys), in: db, skippingCorruptRows: true)
            for key in keys {
                guard let record = records[key] else { continue }
                if var stored = storedRecords[key] {
                    let fields = stored.merge(record)
                    guard !fields.isEmpty else { continue }
                    try Self.save(stored, in: db)
                    guard reportsChanges else { continue }
                    for field in fields { changed.insert(CacheFieldID(key: key, field: field)) }
                } else {
                    try Self.save(record, in: db)
                    guard reportsChanges else { continue }
                    for field in record.fields.keys { changed.insert(CacheFieldID(key: key, field: field)) }
                }
            }
            return changed
        }
    }

    /// Removes the records in one write transaction and returns the fields they held; an unreadable row is removed
    /// without its fields being reported.
    public func removeRecords(_ keys: Set<CacheKey>) throws(CacheError) -> Set<CacheFieldID> {
        guard !keys.isEmpty else { return [] }
        return try write { db in
            var removed: Set<CacheFieldID> = []
            let delete = try db.cachedStatement(sql: "DELETE FROM \(Self.table) WHERE key = ?")
            for key in keys {
                // A corrupt row is removed all the same; its fields cannot be reported.
                let stored = try Self.readableRecord(key, in: db)
                try delete.execute(arguments: [key.rawValue])
                guard let stored else { continue }
                for field in stored.fields.keys { removed.insert(CacheFieldID(key: key, field: field)) }
            }
            return removed
        }
    }

    /// Removes one field of a record and its expiry date; `true` if the field was there.
    public func removeField(_ field: CacheFieldID) throws(CacheError) -> Bool {
        try write { db in
            guard var record = try Self.storedRecord(field.key, in: db),
                record.fields.removeValue(forKey: field.field) != nil
            else { return false }
            record.expirations[field.field] = nil
            try Self.save(record, in: db)
            return true
        }
    }

    /// Every stored key, read from a consistent snapshot.
    public func allKeys() throws(CacheError) -> Set<CacheKey> {
        try read { db in
            var keys: Set<CacheKey> = []
            let cursor = try String.fetchCursor(db, sql: "SELECT key FROM \(Self.table)")
            while let key = try cursor.next() { keys.insert(CacheKey(key)) }
            return keys
        }
    }

    /// Deletes every record in one write transaction.
    public func clear() throws(CacheError) {
        try write { db in try db.execute(sql: "DELETE FROM \(Self.table)") }
    }

    /// The keys of the records with a field that has expired at `date`, found through an index without reading the
    /// records.
    public func keysWithExpiredFields(at date: Date) throws(CacheError) -> Set<CacheKey> {
        try read { db in
            let keys = try String.fetchAll(
                db, sql: "SELECT key FROM \(Self.table) WHERE expires_at <= ?",
                arguments: [date.timeIntervalSince1970])
            return Set(keys.map { CacheKey($0) })
        }
    }

    // MARK: - Rows

    /// How many keys one statement of a batched load looks up; a longer list takes several, and a shorter one is
    /// padded with `NULL`s (which match no key), so that there are only two statements to prepare.
    private static let batchSizes = [8, 64]

    /// The stored records with the given keys, a batch of keys per statement (each statement prepared once per
    /// connection); rows that do not read throw, or are left out when skipped.
    private static func load(
        _ keys: Set<CacheKey>, in db: Database, skippingCorruptRows: Bool = false
    ) throws -> [CacheKey: Record] {
        if keys.count == 1, let key = keys.first {
            let record = skippingCorruptRows ? try readableRecord(key, in: db) : try storedRecord(key, in: db)
            return record.map { [key: $0] } ?? [:]
        }
        var found: [CacheKey: Record] = [:]
        found.reserveCapacity(keys.count)
        var remaining = keys.makeIterator()
        var left = keys.count
        while left > 0 {
            let size = batchSizes.first { $0 >= left } ?? batchSizes[batchSizes.count - 1]
            var arguments: [(any DatabaseValueConvertible)?] = []
            arguments.reserveCapacity(size)
            while arguments.count < size, let key = remaining.next() { arguments.append(key.rawValue) }
            left -= arguments.count
            while arguments.count < size { arguments.append(nil) }
            let select = try db.cachedStatement(sql: batchSQL(size))
            let rows = try Row.fetchCursor(select, arguments: StatementArguments(arguments))
            while let row = try rows.next() {
                let key = CacheKey(row[0] as String)
                let storage: String = row[2]
                guard storage == "blob" || storage == "text" else {
                    if skippingCorruptRows { continue }
                    throw CacheError(.corruptRecord, key: key, reason: "the stored record is neither binary nor text")
                }
                // The bytes are read in place, not copied.
                found[key] = try row.withUnsafeData(atIndex: 1) { bytes in
                    try record(
                        key: key, bytes: bytes ?? Data(), isBinary: storage == "blob",
                        skippingCorruptRow: skippingCorruptRows)
                }
            }
        }
        return found
    }

    /// The statement of a batch of `size` keys: each key, its record, and the record's storage class (a binary record
    /// is a blob, a JSON one text).
    private static func batchSQL(_ size: Int) -> String {
        let placeholders = Array(repeating: "?", count: size).joined(separator: ",")
        return "SELECT key, record, typeof(record) FROM \(table) WHERE key IN (\(placeholders))"
    }

    /// A batch row's record, from the stored bytes; `nil` for a corrupt row when skipping those, which throw
    /// otherwise.
    private static func record(
        key: CacheKey, bytes: Data, isBinary: Bool, skippingCorruptRow: Bool
    ) throws(CacheError) -> Record? {
        do {
            return isBinary
                ? try RecordCoding.record(key: key, data: bytes)
                : try RecordCoding.record(key: key, text: String(decoding: bytes, as: UTF8.self))
        } catch {
            if skippingCorruptRow, error.code == .corruptRecord { return nil }
            throw error
        }
    }

    private static func storedRecord(_ key: CacheKey, in db: Database) throws -> Record? {
        let select = try db.cachedStatement(sql: "SELECT record FROM \(table) WHERE key = ?")
        guard let stored = try DatabaseValue.fetchOne(select, arguments: [key.rawValue]) else { return nil }
        return try RecordCoding.record(key: key, stored: stored)
    }

    /// The stored record, or `nil` when there is none or its row does not read.
    private static func readableRecord(_ key: CacheKey, in db: Database) throws -> Record? {
        do {
            return try storedRecord(key, in: db)
        } catch let error as CacheError where error.code == .corruptRecord {
            return nil
        }
    }

    private static func save(_ record: Record, in db: Database) throws {
        let insert = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO \(table) (key, record, expires_at) VALUES (?, ?, ?)")
        let expiry = RecordCoding.earliestExpiry(of: record)?.timeIntervalSince1970
        try insert.execute(arguments: [record.key.rawValue, RecordCoding.data(of: record), expiry])
    }

    // MARK: - Transactions

    private func read<T>(_ body: (Database) throws -> T) throws(CacheError) -> T {
        do {
            return try pool.read(body)
        } catch {
            throw Self.cacheError(error, reading: true)
        }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(CacheError) -> T {
        do {
            return try pool.write(body)
        } catch {
            throw Self.cacheError(error, reading: false)
        }
    }

    private static func cacheError(_ error: any Error, reading: Bool) -> CacheError {
        if let error = error as? CacheError { return error }
        return CacheError(
            .storage, reason: reading ? "reading the cache database failed" : "writing the cache database failed",
            underlying: error)
    }
}
