import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A database pool with the file it was opened on, checked before each write: SQLite keeps writing to the file it
/// opened even after that file was deleted or replaced at its path (by another process, a cleaner, a restore), and
/// everything written then would vanish with the last connection. A write is refused instead, with ``Moved``; reads go
/// on from the open file. Closing the database and then opening the path again starts over on whatever is there (close first: the
/// last connection to the old file removes `<path>-wal` when it closes, which by then could be the new file's).
struct GuardedPool: Sendable {
    /// Which file a path names: its device and inode.
    struct Identity: Sendable, Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// The file at the path is not the one the database opened.
    struct Moved: Error, CustomStringConvertible {
        /// Whether nothing is at the path (deleted or moved away), rather than another file.
        let deleted: Bool

        var description: String {
            let what = deleted ? "deleted or moved" : "replaced by another"
            return "the database file was \(what) while open: nothing more is written to it; close it and open it again"
        }
    }

    /// The file was read-only when the database opened (its permissions, or a read-only volume), so the database
    /// was opened for reading only.
    struct ReadOnly: Error, CustomStringConvertible {
        var description: String {
            "the database file was read-only when it was opened (its permissions or its volume): nothing is written "
                + "to it; open it again once it is writable"
        }
    }

    /// The pool. Write through ``write(_:)``, which checks the file.
    let pool: DatabasePool
    /// The path the database was opened at.
    let path: String
    /// The file at the path when the database opened; `nil` when it is not checked (a read-only opening).
    let identity: Identity?
    /// Whether every write is refused with ``ReadOnly`` before it reaches SQLite: the file was read-only when the
    /// database opened.
    let refusesWrites: Bool

    /// `pool`, guarding the file now at `path`; `checks` false makes ``check()`` pass always, and `refusesWrites`
    /// refuses every write with ``ReadOnly``.
    init(_ pool: DatabasePool, path: String, checks: Bool = true, refusesWrites: Bool = false) {
        self.pool = pool
        self.path = path
        identity = checks ? Self.identity(at: path) : nil
        self.refusesWrites = refusesWrites
    }

    /// The identity of the file at `path`; `nil` when there is none.
    static func identity(at path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(
            device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino))
    }

    /// Throws ``Moved`` when the file at the path is no longer the one the database opened.
    func check() throws(Moved) {
        guard let identity else { return }
        let now = Self.identity(at: path)
        guard now != identity else { return }
        throw Moved(deleted: now == nil)
    }

    /// What `attempt` (a read on one of the pool's reader connections) returns; when it fails after the file was
    /// deleted or replaced (a reader connection opened since finds no file there, or another one), what `fallback`
    /// returns on the writer connection instead, which still has the file the database opened. `fallback` begins its
    /// own transaction if it needs one.
    func read<T>(_ attempt: () throws -> T, fallback: (Database) throws -> T) throws -> T {
        do {
            return try attempt()
        } catch {
            guard identity != nil, Self.identity(at: path) != identity else { throw error }
            return try pool.writeWithoutTransaction(fallback)
        }
    }

    /// A read transaction that goes on after the file was deleted or replaced; see ``read(_:fallback:)``.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try read({ try pool.read(body) }) { db in
            var value: T?
            try db.inTransaction(.deferred) {
                value = try body(db)
                return .commit
            }
            guard let value else {
                throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the read returned nothing")
            }
            return value
        }
    }

    /// A write transaction that checks the file first, inside the transaction: after waiting for the write lock,
    /// which another process may hold for a while.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        if refusesWrites { throw ReadOnly() }
        return try pool.write { db in
            try check()
            return try body(db)
        }
    }
}
