import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens the SQLite files of this module: a WAL-mode `DatabasePool` (one writer, concurrent readers that never wait
/// for it), migrated to the module's current schema before first use, with a corrupt file set aside and rebuilt when
/// the options say so.
enum SQLiteDatabase {
    /// Readers the pool opens at most; the writer is one more connection. Awaited reads use one per core at most
    /// (`ReadThreads`); the rest spare synchronous reads, which wait on the caller's thread, from waiting for them.
    static let maximumReaderCount = 8

    /// The page size of a new file, in bytes.
    static let pageSize = 16384

    /// An open database, where a corrupt file found at its path was moved, if one was, and whether it was opened for
    /// reading only because the file was read-only.
    struct Opened {
        var database: GuardedPool
        var setAsideFile: URL?
        var isReadOnly = false
    }

    /// What opening does with a file that exists but that this process may not write (its permissions, or a
    /// read-only volume).
    enum WhenReadOnly {
        /// Open it for reading only: reads are served, and every write fails with ``GuardedPool/ReadOnly``.
        case read
        /// Fail with ``GuardedPool/ReadOnly``, leaving the file as it is.
        case fail
    }

    /// The file could not be used as a database; `reason` says why.
    struct CorruptFile: Error, CustomStringConvertible {
        var reason: String
        var description: String { "the database file is corrupt: \(reason)" }
    }

    /// Opens (creating it if needed) the database at `fileURL` and runs the migrations it lacks; a file this process
    /// may not write is opened for reading only, or refused, as `whenReadOnly` says.
    static func open(
        at fileURL: URL, label: String, migrator: DatabaseMigrator, options: SQLiteFileOptions,
        whenReadOnly: WhenReadOnly = .read
    ) throws -> Opened {
        if !options.readsOnly, isReadOnlyFile(fileURL.path) {
            if whenReadOnly == .fail { throw GuardedPool.ReadOnly() }
            var reading = options
            reading.readsOnly = true
            let pool = try openChecked(at: fileURL, label: label, migrator: migrator, options: reading)
            return Opened(
                database: GuardedPool(pool, path: fileURL.path, checks: false, refusesWrites: true), isReadOnly: true)
        }
        let guarded = { (pool: DatabasePool) in GuardedPool(pool, path: fileURL.path, checks: !options.readsOnly) }
        do {
            let pool = try openChecked(at: fileURL, label: label, migrator: migrator, options: options)
            return Opened(database: guarded(pool))
        } catch let error
            where isCorruption(error) && options.corruptionRecovery == .setAsideAndRebuild && !options.readsOnly
        {
            let setAside = try setAside(fileURL)
            let pool = try openChecked(at: fileURL, label: label, migrator: migrator, options: options)
            return Opened(database: guarded(pool), setAsideFile: setAside)
        }
    }

    private static func openChecked(
        at fileURL: URL, label: String, migrator: DatabaseMigrator, options: SQLiteFileOptions
    ) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.label = label
        configuration.maximumReaderCount = maximumReaderCount
        // Another process (an app extension, a second instance) may hold the write lock for a moment: wait for it
        // rather than fail. Connections of one pool never wait for each other this way.
        configuration.busyMode = .timeout(10)
        configuration.readonly = options.readsOnly
        configuration.prepareDatabase { db in
            if let prepare = options.prepareConnection { try prepare(db) }
            // Takes effect only while the file is still empty, before WAL mode writes its header.
            if !options.readsOnly { try db.execute(sql: "PRAGMA page_size = \(pageSize)") }
        }
        if options.readsOnly, !FileManager.default.fileExists(atPath: fileURL.path) {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: fileURL.path])
        }
        let pool = try DatabasePool(path: fileURL.path, configuration: configuration)
        do {
            if options.checksIntegrityOnOpen {
                let verdict = try pool.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
                guard verdict == ["ok"] else { throw CorruptFile(reason: verdict.prefix(3).joined(separator: "; ")) }
            }
            if !options.readsOnly { try migrator.migrate(pool) }
            #if canImport(Darwin)
                if let protection = options.fileProtection, !options.readsOnly {
                    try protect(fileURL, with: protection)
                }
            #endif
            return pool
        } catch {
            try? pool.close()
            throw error
        }
    }

    /// Whether a file exists at `path` that this process may not write (its permissions, or a read-only volume), or
    /// one of its `-wal` and `-shm` companions is such a file, which SQLite would fail every write on.
    static func isReadOnlyFile(_ path: String) -> Bool {
        guard access(path, F_OK) == 0 else { return false }
        return access(path, W_OK) != 0 || !makeCompanionsWritable(of: path)
    }

    /// Gives the `-wal` and `-shm` companions of the writable file at `path` that this process may not write the
    /// file's permissions, and says whether every companion is writable then. A reader of a read-only file in WAL
    /// mode leaves companions behind with the file's read-only mode; once the file is writable again, those this
    /// process owns become writable with it, and one it cannot change keeps the database read-only.
    private static func makeCompanionsWritable(of path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return true }
        for companion in [path + "-wal", path + "-shm"]
        where access(companion, F_OK) == 0 && access(companion, W_OK) != 0 {
            guard chmod(companion, status.st_mode & 0o777) == 0, access(companion, W_OK) == 0 else { return false }
        }
        return true
    }

    /// What a storage error means for the app, in words, for the kinds of failure a device meets: a full disk, a file
    /// it may not write, another process holding the file; `nil` for any other error.
    static func cause(of error: any Error) -> String? {
        if let moved = error as? GuardedPool.Moved { return moved.description }
        if let readOnly = error as? GuardedPool.ReadOnly { return readOnly.description }
        guard let error = error as? DatabaseError else { return nil }
        switch error.resultCode {
        case .SQLITE_FULL: return "the disk is full"
        case .SQLITE_IOERR:
            // A write past a file size limit fails as an I/O error (EFBIG), as the disk filling up may.
            return error.extendedResultCode == .SQLITE_IOERR_WRITE
                ? "the file could not be written (the disk may be full)" : "the file could not be read or written"
        case .SQLITE_READONLY: return "the file cannot be written (it is read-only, or was moved or deleted)"
        case .SQLITE_CANTOPEN: return "the file cannot be opened"
        case .SQLITE_PERM, .SQLITE_AUTH: return "the file may not be accessed"
        case .SQLITE_BUSY, .SQLITE_LOCKED: return "another connection or process holds the file"
        default: return nil
        }
    }

    /// `": <cause>"` for an error ``cause(of:)`` knows, to end a reason with; empty for any other.
    static func because(_ error: any Error) -> String {
        cause(of: error).map { ": \($0)" } ?? ""
    }

    /// Whether an error means the file is not a usable database, as opposed to a busy lock, a full disk or a
    /// permission problem, which setting the file aside would not cure and could lose data over.
    static func isCorruption(_ error: any Error) -> Bool {
        if error is CorruptFile { return true }
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    /// Moves the file and its companions to `<name>.corrupt-<timestamp>[-wal|-shm]` beside it and returns the new
    /// URL of the main file.
    private static func setAside(_ fileURL: URL) throws -> URL {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let destination = fileURL.deletingLastPathComponent()
            .appendingPathComponent("\(fileURL.lastPathComponent).corrupt-\(stamp)-\(UUID().uuidString.prefix(8))")
        let manager = FileManager.default
        for suffix in ["", "-wal", "-shm"] {
            let source = URL(fileURLWithPath: fileURL.path + suffix)
            guard manager.fileExists(atPath: source.path) else { continue }
            try manager.moveItem(at: source, to: URL(fileURLWithPath: destination.path + suffix))
        }
        return destination
    }

    #if canImport(Darwin)
        private static func protect(_ fileURL: URL, with protection: SQLiteFileOptions.FileProtection) throws {
            let type: FileProtectionType =
                switch protection {
                case .complete: .complete
                case .completeUnlessOpen: .completeUnlessOpen
                case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
                case .none: .none
                }
            for suffix in ["", "-wal", "-shm"] {
                let path = fileURL.path + suffix
                guard FileManager.default.fileExists(atPath: path) else { continue }
                try FileManager.default.setAttributes([.protectionKey: type], ofItemAtPath: path)
            }
        }
    #endif
}

extension DatabaseMigrator {
    /// Registers a migration that only runs SQL statements, such as creating a table.
    mutating func registerMigration(_ identifier: String, sql: String) {
        registerMigration(identifier) { db in try db.execute(sql: sql) }
    }
}
