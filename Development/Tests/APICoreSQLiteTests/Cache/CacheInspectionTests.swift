import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Foundation
import GRDB
import Testing

@testable import APICoreCache
@testable import APICoreSQLite

/// Statistics and dumps of what a cache holds, over a real SQLite file, memory, and the two chained; and the
/// read-only opening that `apicore cache` uses.
@Suite("Cache inspection")
struct CacheInspectionTests {
    /// The sample records written through a store at `clock`'s time, then Human:1000's name rewritten 100 s later.
    static func fill(_ cache: any NormalizedCache, clock: ManualDate) throws -> CacheStore {
        let store = CacheStore(cache: cache, now: { clock.now })
        try store.publish(SampleRecords.all)
        clock.advance(by: 100)
        try store.withReadWriteTransaction { transaction in
            transaction.update("Human:1000", fields: ["name": .value("Luke")])
        }
        return store
    }

    @Test("statistics of a SQLite file: records, bytes as stored, types, write times, what has expired")
    func statisticsOfAFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let clock = ManualDate()
        let start = clock.now
        let sqlite = try SQLiteNormalizedCache(fileURL: file)
        let store = try Self.fill(sqlite, clock: clock)

        let statistics = try CacheStatistics(of: sqlite, at: SampleRecords.expiry)
        #expect(statistics.records == 3)
        let rowBytes = try DatabaseQueue(path: file.path).read { db in
            try Int.fetchOne(db, sql: "SELECT SUM(length(record)) FROM \(CacheSchema.recordsTable)")
        }
        #expect(statistics.bytes == rowBytes)
        #expect(Set(statistics.byType.keys) == ["Human", "Droid", "QUERY_ROOT"])
        #expect(statistics.byType.values.map(\.records).reduce(0, +) == 3)
        #expect(statistics.byType.values.map(\.bytes).reduce(0, +) == statistics.bytes)
        #expect(statistics.oldestWrite == start)
        #expect(statistics.newestWrite == start.addingTimeInterval(100))
        #expect(statistics.recordsWithoutWriteTime == 0)
        // The rewrite of name dropped its expiry; friends expires 60 s after the sample date.
        #expect(statistics.expiredFields == 0)
        let later = try CacheStatistics(of: sqlite, at: SampleRecords.expiry.addingTimeInterval(60))
        #expect(later.expiredFields == 1)
        #expect(later.expiredRecords == 1)

        // The store's own, on its clock: nothing has expired yet.
        let current = try store.statistics()
        #expect(current.records == 3)
        #expect(current.date == clock.now)
        #expect(current.expiredFields == 0)

        // The same records in memory, and behind it, count alike (bytes estimated in memory).
        let memory = try CacheStatistics(of: try Self.fill(InMemoryNormalizedCache(), clock: ManualDate()).cache)
        #expect(memory.records == 3)
        #expect(memory.byType.mapValues(\.records) == statistics.byType.mapValues(\.records))
        #expect(memory.bytes > 0)
        let chained = ChainedNormalizedCache(front: InMemoryNormalizedCache(), back: sqlite)
        #expect(try CacheStatistics(of: chained).bytes == statistics.bytes)
        try sqlite.close()
    }

    @Test("a dump of every record, one key's and one type's, with each field's value, write time and expiry")
    func dumps() throws {
        let directory = try TemporaryDirectory()
        let clock = ManualDate()
        let start = clock.now
        let sqlite = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        defer { try? sqlite.close() }
        _ = try Self.fill(sqlite, clock: clock)

        let all = try CacheDump(of: sqlite, at: SampleRecords.expiry.addingTimeInterval(61))
        #expect(all.records.map { $0["key"]?.stringValue } == ["Droid:2001", "Human:1000", "QUERY_ROOT"])
        let humans = try CacheDump(of: sqlite, filter: .type("Human"), at: SampleRecords.expiry.addingTimeInterval(61))
        #expect(humans.records.count == 1)
        let human = try #require(humans.records.first)
        #expect(human["type"] == "Human")
        #expect(human["writtenAt"]?.stringValue == start.addingTimeInterval(100).iso8601)
        guard case .object(let fields)? = human["fields"] else {
            Issue.record("no fields in \(human)")
            return
        }
        #expect(fields.count == SampleRecords.human.fields.count)
        let name = try #require(fields["name"]?.objectValue)
        #expect(name["value"] == "Luke")
        #expect(name["writtenAt"]?.stringValue == start.addingTimeInterval(100).iso8601)
        #expect(name["expiresAt"] == nil)
        let friends = try #require(fields["friends"]?.objectValue)
        #expect(friends["value"] == .array([["$ref": "Human:1002"], ["$ref": "Droid:2001"], .null]))
        #expect(friends["writtenAt"]?.stringValue == start.iso8601)
        #expect(friends["expiresAt"]?.stringValue == SampleRecords.expiry.addingTimeInterval(60).iso8601)
        #expect(friends["expired"] == true)
        #expect(human == all.records[1])

        let one = try CacheDump(of: sqlite, filter: .key("Droid:2001"))
        #expect(one.records.map { $0["key"]?.stringValue } == ["Droid:2001"])
        #expect(try CacheDump(of: sqlite, filter: .key("Droid:9")).records.isEmpty)
        #expect(try CacheDump(of: sqlite, filter: .type("Starship")).records.isEmpty)
    }

    @Test(
        "opened to read only: a missing file, a database without a cache and writes fail; an old file is not migrated")
    func readOnlyOpening() throws {
        let directory = try TemporaryDirectory()
        var options = SQLiteFileOptions(corruptionRecovery: .fail)
        options.readsOnly = true

        let missing = directory.file("missing.sqlite")
        let notThere = #expect(throws: CacheError.self) {
            try SQLiteNormalizedCache(fileURL: missing, options: options)
        }
        #expect(notThere?.code == .storage)
        #expect(!FileManager.default.fileExists(atPath: missing.path))

        let other = directory.file("other.sqlite")
        try DatabaseQueue(path: other.path).write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
        let notACache = #expect(throws: CacheError.self) { try SQLiteNormalizedCache(fileURL: other, options: options) }
        #expect(notACache?.reason?.contains("holds no normalized cache") == true)

        // A file of the previous version: read as it is, its migrations left for the app to run.
        let old = directory.file("old.sqlite")
        let queue = try DatabaseQueue(path: old.path)
        try CacheSchema.migrator.migrate(queue, upTo: CacheSchema.addExpiry)
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO \(CacheSchema.recordsTable) (key, record) VALUES (?, ?)",
                arguments: ["Human:1000", JSONWriter().string(.object(SampleRecords.human.storageJSON))])
        }
        try queue.close()
        let reader = try SQLiteNormalizedCache(fileURL: old, options: options)
        #expect(try CacheStatistics(of: reader).records == 1)
        #expect(try CacheStatistics(of: reader).recordsWithoutWriteTime == 1)
        #expect(try reader.loadRecord("Human:1000") == SampleRecords.human)
        let write = #expect(throws: CacheError.self) { try reader.merge(SampleRecords.all) }
        #expect(write?.code == .storage)
        try reader.close()
        let applied = try DatabaseQueue(path: old.path).read { db in try CacheSchema.migrator.appliedMigrations(db) }
        #expect(applied == [CacheSchema.createRecords, CacheSchema.addExpiry])
    }
}
