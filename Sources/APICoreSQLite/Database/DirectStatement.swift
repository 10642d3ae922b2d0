import GRDB
import GRDBSQLite

/// A statement from GRDB's per-connection cache, bound and stepped through SQLite's C API.
///
/// GRDB's `execute(arguments:)` and row cursors box every argument and every row; on the cache's hot paths, one
/// statement per record, that cost more than SQLite's own work. GRDB still prepares, caches and finalizes the
/// statement. Only the cache's own SQL goes through here, and each use ends with ``finish()`` (reset, bindings cleared),
/// so a statement always returns to GRDB's cache as GRDB left it. A write made this way is not seen by GRDB's
/// transaction observers, so it must only touch tables that nothing observes through GRDB (the cache's records).
///
/// Invariant: used only inside the `Database` access it was made in (on that connection's queue), and never across a
/// call that may run another statement on the same handle before ``finish()``.
struct DirectStatement {
    private let statement: Statement
    private let connection: OpaquePointer?

    /// The cached statement of `sql` on `db`'s connection, prepared the first time it is asked for.
    init(_ db: Database, sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
        connection = db.sqliteConnection
    }

    private var handle: OpaquePointer { statement.sqliteStatement }

    /// Binds UTF-8 text to the 1-based parameter `index`; SQLite copies it.
    func bind(_ text: String, at index: Int32) throws {
        var text = text
        let code = text.withUTF8 { utf8 in
            // An empty buffer may have no address, which SQLite would read as NULL.
            guard let base = utf8.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, Self.transient) }
            return sqlite3_bind_text(handle, index, base, Int32(utf8.count), Self.transient)
        }
        try check(code)
    }

    /// Binds bytes as a blob to the 1-based parameter `index`, without copying them: they must stay valid until
    /// ``finish()``.
    func bindBlob(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws {
        let code =
            bytes.baseAddress.map { sqlite3_bind_blob(handle, index, $0, Int32(bytes.count), nil) }
            ?? sqlite3_bind_zeroblob(handle, index, 0)
        try check(code)
    }

    /// Binds a double, or NULL when `value` is `nil`, to the 1-based parameter `index`.
    func bind(_ value: Double?, at index: Int32) throws {
        try check(value.map { sqlite3_bind_double(handle, index, $0) } ?? sqlite3_bind_null(handle, index))
    }

    /// Runs the statement to its next row: `true` when there is one to read, `false` when it is done.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw error(code)
        }
    }

    /// Runs the statement to its end, for a statement that returns no rows.
    func run() throws {
        while try step() {}
    }

    /// Resets the statement and clears its bindings, ready for its next use by this type or by GRDB.
    func finish() {
        // The error of a failed step is reported again by reset; it was thrown when it happened.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// The storage class of the current row's 0-based column `index`: `SQLITE_TEXT`, `SQLITE_BLOB`, ...
    func columnType(_ index: Int32) -> Int32 {
        sqlite3_column_type(handle, index)
    }

    /// The current row's 0-based column `index` as an integer (`0` for `NULL`).
    func int64(_ index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// The current row's 0-based column `index` as a number, `nil` for `NULL`.
    func double(_ index: Int32) -> Double? {
        columnType(index) == SQLITE_NULL ? nil : sqlite3_column_double(handle, index)
    }

    /// The current row's 0-based column `index` as text (UTF-8 decoded, ill-formed bytes repaired).
    func text(_ index: Int32) -> String {
        let base = sqlite3_column_text(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let base else { return "" }
        return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// Calls `body` with the bytes of the current row's 0-based column `index`, as stored (a blob's bytes, or a
    /// text's UTF-8); the bytes are valid only inside `body`.
    func withBytes<Result, Failure: Error>(
        _ index: Int32, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // sqlite3_column_blob returns a text column's bytes unchanged, and must be called before sqlite3_column_bytes.
        let base = sqlite3_column_blob(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? base : nil, count: count))
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw error(code) }
    }

    private func error(_ code: Int32) -> DatabaseError {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
    }

    /// SQLite's `SQLITE_TRANSIENT`: copy the bound bytes before the bind call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
