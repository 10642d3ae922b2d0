import APICoreCache
import APICoreGraphQL
import APICoreScalars
import APICoreTestSupport
import Foundation
import GRDB
import Testing

@testable import APICoreSQLite

/// Write times and expiry per field, read back from a real SQLite file, strictly and permissively.
@Suite("Freshness per field over a SQLite file")
struct FieldFreshnessTests {
    static func userData(id: String, name: String, followers: Int64) -> JSONObject {
        [
            "user": .object([
                "__typename": "User", "id": .string(id), "name": .string(name), "role": "MEMBER",
                "followerCount": .int(followers),
            ])
        ]
    }

    /// A store over a SQLite file on `clock`, where `User.followerCount` lives 10 s and every other field 600 s.
    static func store(file: URL, clock: ManualDate) throws -> (CacheStore, SQLiteNormalizedCache) {
        let sqlite = try SQLiteNormalizedCache(fileURL: file)
        let expiry = CacheExpiryPolicy(
            defaultTimeToLive: .seconds(600), timeToLiveByField: ["User.followerCount": .seconds(10)])
        return (CacheStore(cache: sqlite, expiry: expiry, now: { clock.now }), sqlite)
    }

    /// The store over `file`, with user 1 (Ada, 3 followers) written through it at the clock's time.
    static func writeAda(to file: URL, clock: ManualDate) throws -> (store: CacheStore, sqlite: SQLiteNormalizedCache) {
        let (store, sqlite) = try store(file: file, clock: clock)
        let query = UserDetailsQuery(id: "1")
        try store.publish(try store.decode(query, data: userData(id: "1", name: "Ada", followers: 3)).records)
        return (store, sqlite)
    }

    @Test("one field stale while its sibling is fresh; strict reads miss it, permissive ones serve it marked")
    func oneFieldStaleItsSiblingFresh() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let clock = ManualDate()
        let start = clock.now
        let query = UserDetailsQuery(id: "1")
        try Self.writeAda(to: file, clock: clock).sqlite.close()
        clock.advance(by: 11)
        let (store, sqlite) = try Self.store(file: file, clock: clock)
        defer { try? sqlite.close() }

        // Every field was written at the start; only followerCount's 10 s have passed.
        let record = try #require(try store.record(for: "User:1"))
        #expect(record.writeTime(of: "name") == start)
        #expect(record.writeTime(of: "followerCount") == start)
        #expect(record.isExpired("followerCount", at: clock.now))
        #expect(!record.isExpired("name", at: clock.now))

        let strict = #expect(throws: CacheError.self) { try store.read(query) }
        #expect(strict?.code == .expired)
        #expect(strict?.field == "followerCount")
        #expect(strict?.path == ["user", "followerCount"])

        let permissive = try store.read(query, freshness: .permissive())
        #expect(permissive.value.user?.name == "Ada")
        #expect(permissive.value.user?.followerCount == 3)
        #expect(permissive.staleFields.map(\.path) == [["user", "followerCount"]])
        #expect(permissive.staleFields.map(\.field) == [CacheFieldID(key: "User:1", field: "followerCount")])
        #expect(permissive.staleFields.first?.expiredAt == start.addingTimeInterval(10))
        // name is fresh until 600 s after the write.
        #expect(permissive.nextExpiry == start.addingTimeInterval(600))

        // maxStale bounds how long past its expiry a field is served: it has been stale for 1 s.
        #expect(try store.read(query, freshness: .permissive(maxStale: .seconds(5))).isStale)
        let tooStale = #expect(throws: CacheError.self) {
            try store.read(query, freshness: .permissive(maxStale: .milliseconds(500)))
        }
        #expect(tooStale?.code == .expired)
    }

    @Test("a write of one field gives it a new write time and leaves its siblings as old as they were, on disk")
    func writeTimesPerField() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let clock = ManualDate()
        let start = clock.now
        let query = UserDetailsQuery(id: "1")
        do {
            let (store, sqlite) = try Self.writeAda(to: file, clock: clock)
            clock.advance(by: 30)
            try store.withReadWriteTransaction { transaction in
                transaction.update("User:1", fields: ["name": .value("Ada L.")])
            }
            try sqlite.close()
        }
        let (store, sqlite) = try Self.store(file: file, clock: clock)
        defer { try? sqlite.close() }
        let record = try #require(try store.record(for: "User:1"))
        #expect(record.writtenAt == start.addingTimeInterval(30))
        #expect(record.writeTime(of: "name") == start.addingTimeInterval(30))
        #expect(record.writeTime(of: "followerCount") == start)
        #expect(record.writeTime(of: "role") == start)
        #expect(record.oldestWriteTime == start)

        // A refetch of the same values is still a write: every field is as new as it.
        clock.advance(by: 30)
        try store.publish(try store.decode(query, data: Self.userData(id: "1", name: "Ada L.", followers: 3)).records)
        let refreshed = try #require(try SQLiteNormalizedCache(fileURL: file).loadRecord("User:1"))
        #expect(refreshed.writtenAt == start.addingTimeInterval(60))
        #expect(refreshed.earlierWriteTimes.isEmpty)
        #expect(refreshed.writeTime(of: "followerCount") == start.addingTimeInterval(60))
    }

    @Test(
        "a file written before write times were kept opens: its records read with no write time, and get one when written"
    )
    func aFileFromBeforeWriteTimesOpens() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        // The file as the previous version left it: the expiry column, no write-time column, and binary rows in the
        // layout without write times (0xA1: one field "name" holding the string "Luke", no expiry).
        let old = try DatabaseQueue(path: file.path)
        try CacheSchema.migrator.migrate(old, upTo: CacheSchema.addExpiry)
        let luke: [UInt8] = [0xA1, 1, 4] + Array("name".utf8) + [0x05, 4] + Array("Luke".utf8) + [0]
        try old.write { db in
            try db.execute(
                sql: "INSERT INTO \(CacheSchema.recordsTable) (key, record) VALUES (?, ?)",
                arguments: ["Human:1000", Data(luke)])
        }
        try old.close()

        let clock = ManualDate()
        let cache = try SQLiteNormalizedCache(fileURL: file)
        let stored = try #require(try cache.loadRecord("Human:1000"))
        #expect(stored.fields == ["name": .value("Luke")])
        #expect(stored.writtenAt == nil)
        #expect(stored.writeTime(of: "name") == nil)

        // A later write of one field stamps it; the field left alone keeps an unknown time.
        let store = CacheStore(cache: cache, now: { clock.now })
        try store.withReadWriteTransaction { transaction in
            transaction.update("Human:1000", fields: ["height": .value(1.72)])
        }
        let written = try #require(try cache.loadRecord("Human:1000"))
        #expect(written.fields == ["name": .value("Luke"), "height": .value(1.72)])
        #expect(written.writeTime(of: "height") == clock.now)
        #expect(written.writeTime(of: "name") == nil)
        #expect(written.oldestWriteTime == nil)
        try cache.close()

        let upgraded = try DatabaseQueue(path: file.path)
        defer { try? upgraded.close() }
        let applied = try upgraded.read { db in try CacheSchema.migrator.appliedMigrations(db) }
        #expect(applied == [CacheSchema.createRecords, CacheSchema.addExpiry, CacheSchema.addWriteTime])
        let column = try upgraded.read { db in
            try Double.fetchOne(
                db, sql: "SELECT written_at FROM \(CacheSchema.recordsTable) WHERE key = ?", arguments: ["Human:1000"])
        }
        #expect(column == clock.now.timeIntervalSince1970)
    }
}
