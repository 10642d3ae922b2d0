import APICoreCache
import APICoreGraphQL
import Foundation
import GRDB
import GRDBSQLite

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
/// read transaction (`withConsistentReads(_:)`), a list's records in one statement. The tables are created and
/// upgraded by migrations that run when the file is opened. A new file has 16 KB pages: a merge writes a response's
/// records together, and larger pages take a quarter of the writes to the log that 4 KB pages would (a file an
/// earlier version made keeps its 4 KB pages).
public final class SQLiteNormalizedCache: NormalizedCache {
    /// The database file.
    public let fileURL: URL
    /// Where a corrupt file found at ``fileURL`` was moved when the cache was opened (it was then rebuilt empty), so
    /// the app can report it; `nil` when the file was sound.
    public let setAsideCorruptFile: URL?
    /// Whether the cache only reads: opened with ``SQLiteFileOptions/readsOnly``, or on a file this process may not
    /// write (its permissions, or a read-only volume). Every write then fails with a storage error that says so;
    /// opened again once the file is writable, the cache writes.
    public let isReadOnly: Bool
    private let database: GuardedPool
    private var pool: DatabasePool { database.pool }

    private static let table = CacheSchema.recordsTable

    /// Opens the cache stored at `fileURL`, creating the file if needed and upgrading a file an older version wrote.
    ///
    /// A file that is not a database, is truncated or fails SQLite's integrity check is, by default, moved aside
    /// (see ``setAsideCorruptFile``) and replaced by an empty cache rather than failing the app; `options` can
    /// change that, and can give every connection a key through ``SQLiteFileOptions/prepareConnection``. A file this
    /// process may not write is opened for reading only (see ``isReadOnly``), never set aside.
    public init(fileURL: URL, options: SQLiteFileOptions = SQLiteFileOptions()) throws(CacheError) {
        self.fileURL = fileURL
        do {
            let opened = try SQLiteDatabase.open(
                at: fileURL, label: "APICoreSQLite.cache", migrator: CacheSchema.migrator, options: options)
            database = opened.database
            setAsideCorruptFile = opened.setAsideFile
            isReadOnly = options.readsOnly || opened.isReadOnly
        } catch {
            throw CacheError(
                .storage, reason: "the cache database could not be opened" + SQLiteDatabase.because(error),
                underlying: error)
        }
        if isReadOnly {
            let isCache: Bool
            do {
                isCache = try pool.read { db in try db.tableExists(Self.table) }
            } catch {
                try? pool.close()
                throw CacheError(.storage, reason: "the cache database could not be read", underlying: error)
            }
            guard isCache else {
                try? pool.close()
                throw CacheError(.storage, reason: "the file is a SQLite database but holds no normalized cache")
            }
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
            func read(_ db: Database) throws -> Value {
                if db.isInsideTransaction { return try body(Snapshot(db: db)) }
                return try Self.inReadTransaction(db, body)
            }
            return try database.read({ try pool.unsafeReentrantRead(read) }, fallback: read)
        } catch {
            throw Self.cacheError(error, reading: true)
        }
    }

    /// Runs `body` in one read transaction on a reader connection of the pool, on one of the threads the process's
    /// SQLite caches read on (`ReadThreads`, one per core): none waits for a write, and none holds a thread of Swift's
    /// concurrency pool while it waits for a connection or reads the file and builds its result.
    public func withConsistentReads<Value: Sendable>(
        _ body: @escaping @Sendable (any NormalizedCacheReader) throws(CacheError) -> Value
    ) async throws(CacheError) -> Value {
        let database = database
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Value, any Error>, Never>) in
            ReadThreads.shared.run {
                let read = { (database: Database) throws -> Value in try Self.inReadTransaction(database, body) }
                let result = Result { try database.read({ try database.pool.unsafeRead(read) }, fallback: read) }
                continuation.resume(returning: result)
            }
        }
        do {
            return try result.get()
        } catch {
            throw Self.cacheError(error, reading: true)
        }
    }

    /// Runs `body` in a deferred transaction of its own on `db`, whose snapshot is taken at `body`'s first read.
    private static func inReadTransaction<Value>(
        _ db: Database,
        _ body: (any NormalizedCacheReader) throws(CacheError) -> Value
    ) throws -> Value {
        var value: Value?
        try db.inTransaction(.deferred) {
            value = try body(Snapshot(db: db))
            return .commit
        }
        guard let value else { preconditionFailure("a committed read transaction ran its body") }
        return value
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
            let storedRecords = try Self.load(keys, in: db, skippingCorruptRows: true)
            let insert = try DirectStatement(db, sql: Self.insertSQL)
            var buffer: [UInt8] = []
            for key in keys {
                guard let record = records[key] else { continue }
                if var stored = storedRecords[key] {
                    let writtenAt = stored.writtenAt
                    let fields = stored.merge(record)
                    // A write of the same values still refreshes their write time.
                    guard !fields.isEmpty || stored.writtenAt != writtenAt else { continue }
                    try Self.save(stored, with: insert, buffer: &buffer)
                    guard reportsChanges else { continue }
                    for field in fields { changed.insert(CacheFieldID(key: key, field: field)) }
                } else {
                    try Self.save(record, with: insert, buffer: &buffer)
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
            let delete = try DirectStatement(db, sql: Self.deleteSQL)
            for key in keys {
                // A corrupt row is removed all the same; its fields cannot be reported.
                let stored = try Self.readableRecord(key, in: db)
                defer { delete.finish() }
                try delete.bind(key.rawValue, at: 1)
                try delete.run()
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
            record.earlierWriteTimes[field.field] = nil
            var buffer: [UInt8] = []
            try Self.save(record, with: DirectStatement(db, sql: Self.insertSQL), buffer: &buffer)
            return true
        }
    }

    /// Every stored key, read from a consistent snapshot.
    public func allKeys() throws(CacheError) -> Set<CacheKey> {
        try read { db in
            try Self.keys(of: DirectStatement(db, sql: "SELECT key FROM \(Self.table)"))
        }
    }

    /// Deletes every record in one write transaction.
    public func clear() throws(CacheError) {
        try write { db in try db.execute(sql: "DELETE FROM \(Self.table)") }
    }

    /// Every stored record and the bytes of its row's record column, read from one snapshot a row at a time; a row
    /// that does not read throws with the `corruptRecord` code.
    public func forEachRecord(_ body: (APICoreCache.Record, Int) throws(CacheError) -> Void) throws(CacheError) {
        try read { db in
            let select = try DirectStatement(db, sql: "SELECT key, record, length(record) FROM \(Self.table)")
            defer { select.finish() }
            while try select.step() {
                let key = CacheKey(select.text(0))
                try body(try Self.record(key: key, column: 1, of: select), Int(select.int64(2)))
            }
        }
    }

    /// The key, write time and size of every row, read from the columns without decoding a record.
    public func recordSummaries() throws(CacheError) -> [CacheRecordSummary] {
        try read { db in
            let select = try DirectStatement(db, sql: "SELECT key, written_at, length(record) FROM \(Self.table)")
            defer { select.finish() }
            var summaries: [CacheRecordSummary] = []
            while try select.step() {
                summaries.append(
                    CacheRecordSummary(
                        key: CacheKey(select.text(0)),
                        writtenAt: select.double(1).map { Date(timeIntervalSince1970: $0) },
                        byteCount: Int(select.int64(2))))
            }
            return summaries
        }
    }

    /// The keys of the records with a field that has expired at `date`, found through an index without reading the
    /// records.
    public func keysWithExpiredFields(at date: Date) throws(CacheError) -> Set<CacheKey> {
        try read { db in
            let select = try DirectStatement(db, sql: "SELECT key FROM \(Self.table) WHERE expires_at <= ?")
            try select.bind(date.timeIntervalSince1970, at: 1)
            return try Self.keys(of: select)
        }
    }

    // MARK: - Rows

    /// How many keys one statement of a batched load looks up, and its SQL; a longer list takes several statements,
    /// and a shorter one leaves parameters unbound (`NULL`, which matches no key), so that there are only two
    /// statements to prepare.
    private static let batches = [8, 64].map { size in
        (
            size: size,
            sql:
                "SELECT key, record FROM \(table) WHERE key IN (\(repeatElement("?", count: size).joined(separator: ",")))"
        )
    }

    private static let selectSQL = "SELECT record FROM \(table) WHERE key = ?"
    private static let deleteSQL = "DELETE FROM \(table) WHERE key = ?"
    private static let insertSQL =
        "INSERT OR REPLACE INTO \(table) (key, record, expires_at, written_at) VALUES (?, ?, ?, ?)"

    /// The stored records with the given (distinct) keys, a batch of keys per statement (each statement prepared once
    /// per connection); rows that do not read throw, or are left out when skipped.
    private static func load(
        _ keys: some Collection<CacheKey>, in db: Database, skippingCorruptRows: Bool = false
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
            let batch = batches.first { $0.size >= left } ?? batches[batches.count - 1]
            let select = try DirectStatement(db, sql: batch.sql)
            defer { select.finish() }
            var bound: Int32 = 0
            while bound < batch.size, let key = remaining.next() {
                bound += 1
                try select.bind(key.rawValue, at: bound)
            }
            left -= Int(bound)
            while try select.step() {
                let key = CacheKey(select.text(0))
                do {
                    found[key] = try record(key: key, column: 1, of: select)
                } catch {
                    guard skippingCorruptRows, error.code == .corruptRecord else { throw error }
                }
            }
        }
        return found
    }

    /// The keys in the first column of every row of `select`, which is finished afterwards.
    private static func keys(of select: DirectStatement) throws -> Set<CacheKey> {
        defer { select.finish() }
        var keys: Set<CacheKey> = []
        while try select.step() { keys.insert(CacheKey(select.text(0))) }
        return keys
    }

    /// The record in the current row's column `column`: binary (a blob) or JSON text; read in place, not copied.
    private static func record(key: CacheKey, column: Int32, of statement: DirectStatement) throws(CacheError) -> Record
    {
        switch statement.columnType(column) {
        case SQLITE_BLOB:
            return try statement.withBytes(column) { bytes throws(CacheError) in
                try RecordCoding.record(key: key, binary: bytes)
            }
        case SQLITE_TEXT:
            return try RecordCoding.record(key: key, text: statement.text(column))
        default:
            throw CacheError(.corruptRecord, key: key, reason: "the stored record is neither binary nor text")
        }
    }

    private static func storedRecord(_ key: CacheKey, in db: Database) throws -> Record? {
        let select = try DirectStatement(db, sql: selectSQL)
        defer { select.finish() }
        try select.bind(key.rawValue, at: 1)
        guard try select.step() else { return nil }
        return try record(key: key, column: 0, of: select)
    }

    /// The stored record, or `nil` when there is none or its row does not read.
    private static func readableRecord(_ key: CacheKey, in db: Database) throws -> Record? {
        do {
            return try storedRecord(key, in: db)
        } catch let error as CacheError where error.code == .corruptRecord {
            return nil
        }
    }

    /// Writes the record's row through `insert` (the cached statement of ``insertSQL``), encoding it into `buffer`.
    private static func save(_ record: Record, with insert: DirectStatement, buffer: inout [UInt8]) throws {
        RecordCoding.encode(record, into: &buffer)
        try buffer.withUnsafeBytes { bytes in
            // The blob is bound without a copy, so the statement is finished while the buffer is still in reach.
            defer { insert.finish() }
            try insert.bind(record.key.rawValue, at: 1)
            try insert.bindBlob(bytes, at: 2)
            try insert.bind(RecordCoding.earliestExpiry(of: record)?.timeIntervalSince1970, at: 3)
            try insert.bind(record.writtenAt?.timeIntervalSince1970, at: 4)
            try insert.run()
        }
    }

    // MARK: - Transactions

    private func read<T>(_ body: (Database) throws -> T) throws(CacheError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw Self.cacheError(error, reading: true)
        }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(CacheError) -> T {
        do {
            return try database.write(body)
        } catch {
            throw Self.cacheError(error, reading: false)
        }
    }

    private static func cacheError(_ error: any Error, reading: Bool) -> CacheError {
        if let error = error as? CacheError { return error }
        let action = reading ? "reading the cache database failed" : "writing the cache database failed"
        return CacheError(.storage, reason: action + SQLiteDatabase.because(error), underlying: error)
    }
}
