import APICoreCache
import APICoreGraphQL
import APICoreSQLite
import Foundation
import Testing

@Suite struct SQLiteNormalizedCacheTests {
    @Test func recordsRoundTripWithEveryKindOfValue() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        _ = try cache.merge(SampleRecords.all)

        let loaded = try cache.loadRecords(["Human:1000", "QUERY_ROOT", "Droid:2001", "Human:404"])
        #expect(loaded.count == 3)
        #expect(loaded["Human:1000"] == SampleRecords.human)
        #expect(loaded["QUERY_ROOT"] == SampleRecords.queryRoot)
        #expect(loaded["Droid:2001"] == SampleRecords.droid)
        #expect(loaded["Human:1000"]?["databaseID"] == .value(.int(SampleRecords.bigInteger)))
        #expect(loaded["Human:1000"]?.expirations["name"] == SampleRecords.expiry)
        #expect(try cache.loadRecord("Human:1000") == SampleRecords.human)
        #expect(try cache.loadRecord("Human:404") == nil)
    }

    @Test func mergeReturnsExactlyTheChangedFields() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))

        let first = try cache.merge(RecordSet([SampleRecords.droid]))
        #expect(first == fields("Droid:2001", "__typename", "name", "primaryFunction"))
        #expect(try cache.merge(RecordSet([SampleRecords.droid])).isEmpty)

        var renamed = Record(
            key: "Droid:2001", fields: ["name": .value(.string("Artoo")), "__typename": .value(.string("Droid"))])
        #expect(try cache.merge(RecordSet([renamed])) == fields("Droid:2001", "name"))

        renamed.expirations["name"] = SampleRecords.expiry
        #expect(try cache.merge(RecordSet([renamed])) == fields("Droid:2001", "name"))
        renamed.expirations["name"] = nil
        #expect(try cache.merge(RecordSet([renamed])) == fields("Droid:2001", "name"))

        let added = Record(key: "Droid:2001", fields: ["friends": .list([.reference("Human:1000")])])
        let newRecord = Record(key: "Human:1000", fields: ["name": .value(.string("Luke"))])
        #expect(
            try cache.merge(RecordSet([added, newRecord]))
                == fields("Droid:2001", "friends").union(fields("Human:1000", "name")))
        #expect(try cache.merge(RecordSet([Record(key: "Empty:1")])).isEmpty)
        #expect(try cache.allKeys() == ["Droid:2001", "Human:1000", "Empty:1"])

        let stored = try #require(try cache.loadRecords(["Droid:2001"])["Droid:2001"])
        #expect(stored.fields.keys.sorted() == ["__typename", "friends", "name", "primaryFunction"])
        #expect(stored["name"] == .value(.string("Artoo")))
    }

    /// The same operations on the in-memory cache and the SQLite cache report the same changes and leave the same
    /// records.
    @Test func behavesLikeTheInMemoryCache() throws {
        let directory = try TemporaryDirectory()
        let sqlite = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        let memory = InMemoryNormalizedCache()
        let names = ["Leia", "Han", "Luke"]
        for step in 0..<30 {
            let key = CacheKey("Human:\(step % 4)")
            var record = Record(key: key, fields: ["name": .value(.string(names[step % 3]))])
            if step % 2 == 0 { record["age"] = .value(.int(Int64(step % 5))) }
            if step % 3 == 0 { record.expirations["name"] = SampleRecords.expiry.addingTimeInterval(Double(step % 2)) }
            let batch = RecordSet([record, Record(key: .queryRoot, fields: ["human": .reference(key)])])
            #expect(try sqlite.merge(batch) == memory.merge(batch), "step \(step)")
            if step % 7 == 6 {
                let field = CacheFieldID(key: key, field: "age")
                #expect(try sqlite.removeField(field) == memory.removeField(field), "step \(step)")
            }
            if step % 11 == 10 {
                #expect(try sqlite.removeRecords([key, "Nobody:1"]) == memory.removeRecords([key, "Nobody:1"]))
            }
        }
        let keys = memory.allKeys()
        #expect(try sqlite.allKeys() == keys)
        #expect(try sqlite.loadRecords(keys) == memory.loadRecords(keys))
    }

    @Test func removesRecordsFieldsAndEverything() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        _ = try cache.merge(SampleRecords.all)
        #expect(try cache.allKeys() == ["Human:1000", "QUERY_ROOT", "Droid:2001"])

        let removed = try cache.removeRecords(["Droid:2001", "Human:404"])
        #expect(removed == fields("Droid:2001", "__typename", "name", "primaryFunction"))
        #expect(try cache.allKeys() == ["Human:1000", "QUERY_ROOT"])
        #expect(try cache.loadRecords(["Droid:2001"]).isEmpty)

        #expect(try cache.removeField(CacheFieldID(key: "Human:1000", field: "name")))
        #expect(try !cache.removeField(CacheFieldID(key: "Human:1000", field: "name")))
        #expect(try !cache.removeField(CacheFieldID(key: "Human:404", field: "name")))
        let human = try #require(try cache.loadRecords(["Human:1000"])["Human:1000"])
        #expect(human["name"] == nil)
        #expect(human.expirations["name"] == nil)
        #expect(human.expirations["friends"] == SampleRecords.expiry.addingTimeInterval(60))

        try cache.clear()
        #expect(try cache.allKeys().isEmpty)
        #expect(try cache.loadRecords(["Human:1000", "QUERY_ROOT"]).isEmpty)
    }

    @Test func findsRecordsWithExpiredFields() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        _ = try cache.merge(SampleRecords.all)
        #expect(try cache.keysWithExpiredFields(at: SampleRecords.expiry.addingTimeInterval(-1)).isEmpty)
        #expect(try cache.keysWithExpiredFields(at: SampleRecords.expiry) == ["Human:1000"])
        _ = try cache.removeField(CacheFieldID(key: "Human:1000", field: "name"))
        #expect(try cache.keysWithExpiredFields(at: SampleRecords.expiry).isEmpty)
        #expect(try cache.keysWithExpiredFields(at: SampleRecords.expiry.addingTimeInterval(60)) == ["Human:1000"])
    }

    @Test func dataSurvivesClosingAndReopeningTheFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let first = try SQLiteNormalizedCache(fileURL: file)
        _ = try first.merge(SampleRecords.all)
        try first.close()

        let reopened = try SQLiteNormalizedCache(fileURL: file)
        let keys: Set<CacheKey> = ["Human:1000", "QUERY_ROOT", "Droid:2001"]
        #expect(try reopened.allKeys() == keys)
        #expect(try reopened.loadRecords(keys) == SampleRecords.all.records)
        #expect(try reopened.merge(SampleRecords.all).isEmpty)
    }

    @Test func failsWithAStorageErrorOnceClosed() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        try cache.close()
        let error = #expect(throws: CacheError.self) { try cache.loadRecords(["Human:1000"]) }
        #expect(error?.code == .storage)
        #expect(error?.underlying != nil)
    }

    /// With recovery on (the default) such a file is set aside instead; see `SQLiteCorruptionTests`.
    @Test func aFileThatIsNotADatabaseIsAStorageErrorWhenRecoveryIsOff() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        try Data(String(repeating: "not a database ", count: 100).utf8).write(to: file)
        let error = #expect(throws: CacheError.self) {
            try SQLiteNormalizedCache(fileURL: file, options: SQLiteFileOptions(corruptionRecovery: .fail))
        }
        #expect(error?.code == .storage)
    }

    private func fields(_ key: CacheKey, _ names: String...) -> Set<CacheFieldID> {
        Set(names.map { CacheFieldID(key: key, field: $0) })
    }
}
