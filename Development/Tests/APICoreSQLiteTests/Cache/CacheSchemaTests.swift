import APICoreCache
import APICoreGraphQL
import APICoreJSON
import Foundation
import GRDB
import Testing

@testable import APICoreSQLite

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
        #expect(applied == [CacheSchema.createRecords, CacheSchema.addExpiry, CacheSchema.addWriteTime])
        #expect(try upgraded.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        // The file keeps the page size it was made with; only a new file gets the cache's larger pages.
        #expect(try upgraded.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } == 4096)
    }

    @Test("a new cache file has 16 KB pages, so a response's records take a quarter of the writes to the log")
    func newFilesUseLargePages() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let cache = try SQLiteNormalizedCache(fileURL: file)
        _ = try cache.merge(SampleRecords.all)
        try cache.close()
        let queue = try DatabaseQueue(path: file.path)
        defer { try? queue.close() }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } == 16384)
        #expect(try queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
    }

    @Test("keys of any text (empty, non-ASCII, with a NUL) are stored and found as they are, alone and in batches")
    func awkwardKeys() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        defer { try? cache.close() }
        let names = ["", "Ünïcödé:é", "Emoji:🎉👩‍👩‍👧", "Nul:a\u{0}b", "Nul:a", "Quote:'\"", "Spaces: a b "]
        let keys = names.map { CacheKey($0) } + (0..<70).map { CacheKey("Filler:\($0)") }
        // The awkward keys' records expire, the fillers' do not.
        let expiry = Date(timeIntervalSince1970: 1_000)
        let records = keys.enumerated().map { index, key in
            APICoreCache.Record(
                key: key, fields: ["name": .value(.string(key.rawValue))],
                expirations: index < names.count ? ["name": expiry] : [:])
        }
        let changed = try cache.merge(RecordSet(records))
        #expect(changed == Set(keys.map { CacheFieldID(key: $0, field: "name") }))
        #expect(try cache.allKeys() == Set(keys))
        #expect(try cache.keysWithExpiredFields(at: expiry) == Set(keys.prefix(names.count)))
        let expected = Dictionary(uniqueKeysWithValues: records.map { ($0.key, $0) })
        #expect(try cache.loadRecords(Set(keys)) == expected)
        for record in records.prefix(names.count) {
            #expect(try cache.loadRecord(record.key) == record)
            #expect(try cache.loadRecords([record.key, "Missing:1"]) == [record.key: record])
        }
        // Removing a key with a NUL removes that key, not the one its first part spells.
        #expect(try cache.removeRecords(["Nul:a\u{0}b"]) == [CacheFieldID(key: "Nul:a\u{0}b", field: "name")])
        #expect(try cache.loadRecord("Nul:a") == records[4])
        #expect(try !cache.allKeys().contains("Nul:a\u{0}b"))
    }

    @Test("a write the disk cannot hold fails with a storage error, and the records written before it stay")
    func aFullFileFailsTheWholeMerge() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let cache = try SQLiteNormalizedCache(fileURL: file)
        _ = try cache.merge(SampleRecords.all)
        try cache.close()

        // The file may not grow by more than a page: what a full disk looks like to SQLite.
        let limited = try SQLiteNormalizedCache(
            fileURL: file,
            options: SQLiteFileOptions(prepareConnection: { db in
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                try db.execute(sql: "PRAGMA max_page_count = \(pages + 1)")
            }))
        defer { try? limited.close() }
        let large = (0..<200).map { index in
            APICoreCache.Record(
                key: CacheKey("Filler:\(index)"),
                fields: ["text": .value(.string(String(repeating: "x", count: 1000)))])
        }
        let error = #expect(throws: CacheError.self) { try limited.merge(RecordSet(large)) }
        #expect(error?.code == .storage)
        #expect(try limited.allKeys() == Set(SampleRecords.all.keys))
        #expect(try limited.loadRecord("Human:1000") == SampleRecords.human)
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
