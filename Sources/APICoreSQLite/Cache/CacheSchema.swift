import APICoreCache
import APICoreGraphQL
import Foundation
import GRDB

/// The cache's record: GRDB has a type of the same name, which this module never uses.
typealias Record = APICoreCache.Record

/// The tables of ``SQLiteNormalizedCache`` and the migrations that create and upgrade them.
///
/// One row per record: the key, the record (`RecordCoding`: binary, or JSON text in rows older versions wrote), and
/// the earliest expiry among its fields (indexed, so expired records are found without reading every row), and the time
/// of its latest write, so that a merge reads and writes one row per key, a read is one primary-key lookup per key, and
/// a trim orders the rows without decoding them.
package enum CacheSchema {
    package static let recordsTable = "apicore_cache_records"

    /// The migration that creates the records table.
    package static let createRecords = "cache-v1-records"
    /// The migration that adds the earliest expiry of each record, indexed, so expired records can be found without
    /// reading every row.
    package static let addExpiry = "cache-v2-expiry"
    /// The migration that adds the time of each record's latest write, which trimming orders by (read with the key
    /// and the row's size, without decoding a record). Not indexed: every write would pay for an index that only a
    /// trim, which reads every row anyway, would use. Rows written before it keep `NULL` (their write time is not
    /// known), which orders before every time, so they are the first trimmed; their records read as before and get a
    /// write time when next merged.
    package static let addWriteTime = "cache-v3-write-time"

    /// Every migration, in order; a database created by an older version runs the ones it lacks when opened.
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(
            createRecords,
            sql: """
                CREATE TABLE \(recordsTable) (
                    key TEXT PRIMARY KEY NOT NULL,
                    record TEXT NOT NULL
                ) WITHOUT ROWID
                """)
        migrator.registerMigration(addExpiry) { db in
            try db.execute(sql: "ALTER TABLE \(recordsTable) ADD COLUMN expires_at REAL")
            try db.execute(
                sql: """
                    CREATE INDEX \(recordsTable)_expires_at ON \(recordsTable)(expires_at)
                    WHERE expires_at IS NOT NULL
                    """)
            // Fill in the new column from the stored records; a row that does not read keeps no expiry and is
            // reported as corrupt when it is read.
            let rows = try Row.fetchAll(db, sql: "SELECT key, record FROM \(recordsTable)")
            for row in rows {
                let key = CacheKey(row["key"] as String)
                guard let record = try? RecordCoding.record(key: key, stored: row["record"]),
                    let expiry = RecordCoding.earliestExpiry(of: record)
                else { continue }
                try db.execute(
                    sql: "UPDATE \(recordsTable) SET expires_at = ? WHERE key = ?",
                    arguments: [expiry.timeIntervalSince1970, key.rawValue])
            }
        }
        migrator.registerMigration(addWriteTime) { db in
            try db.execute(sql: "ALTER TABLE \(recordsTable) ADD COLUMN written_at REAL")
        }
        return migrator
    }
}
