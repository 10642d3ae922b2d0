import Foundation
import GRDB

/// Opens the SQLite files of this module: a WAL-mode `DatabasePool` (one writer, concurrent readers that never wait
/// for it), migrated to the module's current schema before first use.
enum SQLiteDatabase {
    /// Readers the pool opens at most; the writer is one more connection.
    static let maximumReaderCount = 8

    /// Opens (creating it if needed) the database at `fileURL` and runs the migrations it lacks.
    static func open(at fileURL: URL, label: String, migrator: DatabaseMigrator) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.label = label
        configuration.maximumReaderCount = maximumReaderCount
        // Another process (an app extension, a second instance) may hold the write lock for a moment: wait for it
        // rather than fail. Connections of one pool never wait for each other this way.
        configuration.busyMode = .timeout(10)
        let pool = try DatabasePool(path: fileURL.path, configuration: configuration)
        try migrator.migrate(pool)
        return pool
    }
}
