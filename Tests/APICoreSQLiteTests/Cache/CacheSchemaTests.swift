import APICoreCache
import APICoreGraphQL
import APICoreSQLite
import Foundation
import GRDB
import Testing

@Suite struct CacheSchemaTests {
    @Test func openingADatabaseWrittenByAnOlderVersionUpgradesIt() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        // A file as the first version left it: the records table without the expiry column.
        let old = try DatabaseQueue(path: file.path)
        try CacheSchema.migrator.migrate(old, upTo: CacheSchema.createRecords)
        try old.write { db in
            try db.execute(
                sql: "INSERT INTO \(CacheSchema.recordsTable) (key, record) VALUES (?, ?)",
                arguments: ["Human:1000", JSONWriter().string(.object(SampleRecords.human.storageJSON))])
        }
        #expect(try old.read { db in try CacheSchema.migrator.appliedMigrations(db) } == [CacheSchema.createRecords])
        try old.close()

        let cache = try SQLiteNormalizedCache(fileURL: file)
        #expect(try cache.loadRecords(["Human:1000"]) == ["Human:1000": SampleRecords.human])
        // The new column was filled in from the records already stored.
        #expect(try cache.keysWithExpiredFields(at: SampleRecords.expiry) == ["Human:1000"])
        try cache.close()

        let upgraded = try DatabaseQueue(path: file.path)
        defer { try? upgraded.close() }
        let applied = try upgraded.read { db in try CacheSchema.migrator.appliedMigrations(db) }
        #expect(applied == [CacheSchema.createRecords, CacheSchema.addExpiry])
        #expect(try upgraded.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
    }

    @Test func anUnreadableRowIsACorruptRecordNamingItsKey() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let cache = try SQLiteNormalizedCache(fileURL: file)
        _ = try cache.merge(SampleRecords.all)
        try cache.close()
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in
            let insert = "INSERT INTO \(CacheSchema.recordsTable) (key, record) VALUES (?, ?)"
            try db.execute(sql: insert, arguments: ["Human:1", "{\"fields\": {\"name\": "])
            try db.execute(sql: insert, arguments: ["Human:2", "{\"fields\": 3}"])
        }
        try queue.close()

        let reopened = try SQLiteNormalizedCache(fileURL: file)
        for key: CacheKey in ["Human:1", "Human:2"] {
            let error = #expect(throws: CacheError.self) { try reopened.loadRecords([key, "Human:1000"]) }
            #expect(error?.code == .corruptRecord)
            #expect(error?.key == key)
            let singleError = #expect(throws: CacheError.self) { try reopened.loadRecord(key) }
            #expect(singleError?.code == .corruptRecord)
            #expect(singleError?.key == key)
        }
        #expect(try reopened.loadRecords(["Human:1000"]) == ["Human:1000": SampleRecords.human])
        #expect(try reopened.allKeys().isSuperset(of: ["Human:1", "Human:2"]))

        // A write replaces the unreadable row, and removing one works though its fields cannot be reported.
        let fresh = APICoreCache.Record(key: "Human:1", fields: ["name": .value(.string("Leia"))])
        #expect(try reopened.merge(RecordSet([fresh])) == [CacheFieldID(key: "Human:1", field: "name")])
        #expect(try reopened.loadRecords(["Human:1"]) == ["Human:1": fresh])
        #expect(try reopened.removeRecords(["Human:2"]).isEmpty)
        #expect(try !reopened.allKeys().contains("Human:2"))
    }

    @Test("a load of more keys than a statement holds finds binary and JSON text rows alike, and misses the rest")
    func batchedLoads() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let cache = try SQLiteNormalizedCache(fileURL: file)
        let binary = (0..<150).map { index in
            APICoreCache.Record(
                key: CacheKey("Human:\(index)"),
                fields: [
                    "name": .value(.string("Human \(index)")), "friend": .reference(CacheKey("Human:\(index + 1)")),
                ])
        }
        _ = try cache.merge(RecordSet(binary))
        try cache.close()
        let queue = try DatabaseQueue(path: file.path)
        let text = (0..<3).map { index in
            APICoreCache.Record(key: CacheKey("Droid:\(index)"), fields: ["name": .value(.string("Droid \(index)"))])
        }
        try queue.write { db in
            for record in text {
                try db.execute(
                    sql: "INSERT INTO \(CacheSchema.recordsTable) (key, record) VALUES (?, ?)",
                    arguments: [record.key.rawValue, JSONWriter().string(.object(record.storageJSON))])
            }
            try db.execute(
                sql: "INSERT INTO \(CacheSchema.recordsTable) (key, record) VALUES (?, ?)", arguments: ["Robot:1", 42])
        }
        try queue.close()

        let reopened = try SQLiteNormalizedCache(fileURL: file)
        defer { try? reopened.close() }
        let missing = (0..<10).map { CacheKey("Ghost:\($0)") }
        let wanted = Set(binary.map(\.key) + text.map(\.key) + missing)
        let expected = Dictionary(uniqueKeysWithValues: (binary + text).map { ($0.key, $0) })
        #expect(try reopened.loadRecords(wanted) == expected)
        // Every batch size, from two keys up: each statement is padded, and a key is never found twice.
        for count in [2, 7, 8, 9, 63, 64, 65, 129] {
            let keys = Set(binary.prefix(count).map(\.key))
            #expect(try reopened.loadRecords(keys).count == count)
        }
        // A row that is not a record (the integer was stored as the text "42", the column being text) is a corrupt
        // record naming its key, and fails the batch it is in.
        let error = #expect(throws: CacheError.self) { try reopened.loadRecords(["Robot:1", "Human:1"]) }
        #expect(error?.code == .corruptRecord)
        #expect(error?.key == "Robot:1")
    }
}
