import APICoreGraphQL
import APICoreJSON
import Foundation
import GRDB

/// The rows of an ``OfflineMutationQueue``: one per mutation whose ``OfflineMutationQueue/enqueue(_:optimisticResult:)``
/// returned and that has not been sent or failed yet, in the order they were enqueued.
///
/// Each row holds everything needed to send the mutation again in another process: the document, the variables as
/// JSON text, the persisted-query identifier, the idempotency key it is sent with every time, and the optimistic
/// result (JSON text) that is shown again after a restart. A row is inserted by one write transaction and deleted by
/// another once the server's answer is final, so a process killed at any moment leaves every enqueued mutation either
/// queued or answered.
struct MutationQueueStorage: Sendable {
    static let table = "apicore_mutation_queue"

    /// What is stored of one mutation.
    struct Content: Sendable {
        var idempotencyKey: String
        var operationName: String
        var document: String
        var operationIdentifier: String?
        var variables: JSONObject
        var optimisticData: JSONObject?
        var enqueuedAt: Date
    }

    /// One stored mutation: its content, its place in the queue and its failed attempts.
    @dynamicMemberLookup
    struct Row: Sendable {
        var sequence: Int64
        var content: Content
        var attempts: Int

        subscript<Value>(dynamicMember path: KeyPath<Content, Value>) -> Value { content[keyPath: path] }
    }

    /// The queue is at its bound.
    struct Full: Error {}

    /// A stored row whose JSON does not read.
    struct CorruptRow: Error, CustomStringConvertible {
        var sequence: Int64
        var description: String { "queued mutation \(sequence) does not read" }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("mutation-queue-v1") { db in
            // AUTOINCREMENT: a sequence number is never reused, even after the last row is deleted, so the order of
            // rows is the order of enqueueing across restarts.
            try db.execute(
                sql: """
                    CREATE TABLE \(table) (
                        sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                        idempotency_key TEXT NOT NULL UNIQUE,
                        operation_name TEXT NOT NULL,
                        document TEXT NOT NULL,
                        operation_identifier TEXT,
                        variables TEXT NOT NULL,
                        optimistic_data TEXT,
                        enqueued_at REAL NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0
                    )
                    """)
        }
        return migrator
    }

    /// The queue's database, its file checked before each write.
    let database: GuardedPool

    /// Inserts `row` unless `limit` rows are queued already, and returns it with its sequence number and the number
    /// of queued rows after it.
    func insert(_ row: Content, limit: Int) throws -> (row: Row, pendingCount: Int) {
        try database.write { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(Self.table)") ?? 0
            guard count < limit else { throw Full() }
            try db.execute(
                sql: """
                    INSERT INTO \(Self.table)
                    (idempotency_key, operation_name, document, operation_identifier, variables, optimistic_data,
                     enqueued_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    row.idempotencyKey, row.operationName, row.document, row.operationIdentifier,
                    Self.text(row.variables), row.optimisticData.map(Self.text), row.enqueuedAt.timeIntervalSince1970,
                ])
            return (Row(sequence: db.lastInsertedRowID, content: row, attempts: 0), count + 1)
        }
    }

    /// Every queued row, oldest first.
    func all() throws -> [Row] {
        try database.read { db in
            try GRDB.Row.fetchAll(db, sql: "SELECT * FROM \(Self.table) ORDER BY sequence").map(Self.row)
        }
    }

    /// The oldest queued row, if any.
    func first() throws -> Row? {
        try database.read { db in
            try GRDB.Row.fetchOne(db, sql: "SELECT * FROM \(Self.table) ORDER BY sequence LIMIT 1").map(Self.row)
        }
    }

    /// Removes the row and returns how many are left.
    func delete(_ sequence: Int64) throws -> Int {
        try database.write { db in
            try db.execute(sql: "DELETE FROM \(Self.table) WHERE sequence = ?", arguments: [sequence])
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(Self.table)") ?? 0
        }
    }

    /// Counts one more failed attempt of the row and returns the new count.
    func recordAttempt(_ sequence: Int64) throws -> Int {
        try database.write { db in
            try db.execute(
                sql: "UPDATE \(Self.table) SET attempts = attempts + 1 WHERE sequence = ?", arguments: [sequence])
            return try Int.fetchOne(
                db, sql: "SELECT attempts FROM \(Self.table) WHERE sequence = ?", arguments: [sequence]) ?? 0
        }
    }

    /// How many rows are queued.
    func count() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(Self.table)") ?? 0 }
    }

    private static func text(_ object: JSONObject) -> String {
        JSONWriter().string(.object(object))
    }

    private static func object(_ text: String, sequence: Int64) throws -> JSONObject {
        guard case .object(let object) = try? JSONReader().read(Array(text.utf8)) else {
            throw CorruptRow(sequence: sequence)
        }
        return object
    }

    private static func row(_ row: GRDB.Row) throws -> Row {
        let sequence: Int64 = row["sequence"]
        let optimistic: String? = row["optimistic_data"]
        let content = Content(
            idempotencyKey: row["idempotency_key"], operationName: row["operation_name"], document: row["document"],
            operationIdentifier: row["operation_identifier"],
            variables: try object(row["variables"], sequence: sequence),
            optimisticData: try optimistic.map { text in try object(text, sequence: sequence) },
            enqueuedAt: Date(timeIntervalSince1970: row["enqueued_at"]))
        return Row(sequence: sequence, content: content, attempts: row["attempts"])
    }
}
