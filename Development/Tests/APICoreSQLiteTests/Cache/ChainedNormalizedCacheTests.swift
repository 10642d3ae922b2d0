import APICoreCache
import APICoreGraphQL
import APICoreSQLite
import Foundation
import Testing

@Suite struct ChainedNormalizedCacheTests {
    @Test func readsFillMemoryFromSQLite() throws {
        let directory = try TemporaryDirectory()
        let sqlite = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        _ = try sqlite.merge(SampleRecords.all)
        let memory = InMemoryNormalizedCache()
        let chained = ChainedNormalizedCache(front: memory, back: sqlite)

        #expect(try chained.loadRecords(["Human:1000", "Human:404"]) == ["Human:1000": SampleRecords.human])
        #expect(memory.count == 1)
        #expect(memory.loadRecords(["Human:1000"]) == ["Human:1000": SampleRecords.human])
        #expect(try chained.loadRecord("Droid:2001") == SampleRecords.droid)
        #expect(memory.loadRecord("Droid:2001") == SampleRecords.droid)
        #expect(try chained.loadRecord("Droid:404") == nil)
        #expect(try chained.loadRecords(Set(SampleRecords.all.records.keys)) == SampleRecords.all.records)
        #expect(memory.count == 3)
    }

    @Test func writesGoToBothAsWholeRecords() throws {
        let directory = try TemporaryDirectory()
        let sqlite = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        _ = try sqlite.merge(SampleRecords.all)
        let memory = InMemoryNormalizedCache()
        let chained = ChainedNormalizedCache(front: memory, back: sqlite)

        // Memory does not hold Droid:2001 yet: it must receive the whole record, not just the field written.
        let renamed = Record(key: "Droid:2001", fields: ["name": .value(.string("Artoo"))])
        #expect(try chained.merge(RecordSet([renamed])) == [CacheFieldID(key: "Droid:2001", field: "name")])
        var expected = SampleRecords.droid
        expected["name"] = .value(.string("Artoo"))
        #expect(memory.loadRecords(["Droid:2001"]) == ["Droid:2001": expected])
        #expect(try sqlite.loadRecords(["Droid:2001"]) == ["Droid:2001": expected])
        #expect(try chained.merge(RecordSet([renamed])).isEmpty)

        #expect(try chained.removeField(CacheFieldID(key: "Droid:2001", field: "name")))
        // The record stays, without the field.
        let inMemory = try #require(memory.loadRecords(["Droid:2001"])["Droid:2001"])
        #expect(inMemory["name"] == nil)
        let inSQLite = try #require(try sqlite.loadRecords(["Droid:2001"])["Droid:2001"])
        #expect(inSQLite["name"] == nil)

        #expect(try chained.removeRecords(["Droid:2001"]).count == 2)
        #expect(memory.loadRecords(["Droid:2001"]).isEmpty)
        #expect(try sqlite.loadRecords(["Droid:2001"]).isEmpty)
        #expect(try chained.allKeys() == ["Human:1000", "QUERY_ROOT"])

        try chained.clear()
        #expect(memory.count == 0)
        #expect(try sqlite.allKeys().isEmpty)
    }

    @Test func aBoundedFrontReadsEvictedRecordsAgainFromSQLite() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let memory = InMemoryNormalizedCache(maxRecords: 1)
        let chained = ChainedNormalizedCache(front: memory, back: try SQLiteNormalizedCache(fileURL: file))
        _ = try chained.merge(SampleRecords.all)
        #expect(memory.count == 1)
        #expect(try chained.loadRecords(Set(SampleRecords.all.records.keys)) == SampleRecords.all.records)

        // A new process: empty memory in front of the file written before.
        let relaunched = ChainedNormalizedCache(
            front: InMemoryNormalizedCache(), back: try SQLiteNormalizedCache(fileURL: file))
        #expect(try relaunched.loadRecords(Set(SampleRecords.all.records.keys)) == SampleRecords.all.records)
    }
}
