import APICoreCache
import APICoreGraphQL
import APICoreTestSupport
import Foundation
import GRDB
import Testing

@testable import APICoreSQLite

/// Trimming a SQLite cache to bounds on records, bytes and age: least recently written first, never what a live
/// watcher reads or an optimistic layer holds.
@Suite("Trimming the cache")
struct CacheTrimTests {
    static func person(_ index: Int, name: String = "Person") -> APICoreCache.Record {
        APICoreCache.Record(
            key: CacheKey("Person:\(index)"),
            fields: [
                "__typename": .value("Person"), "id": .value(.string("\(index)")), "name": .value(.string(name)),
                "height": .value(.double(1.5)),
            ])
    }

    /// A store over a new SQLite file with Person:0 to Person:`count - 1`, each written one second after the last.
    static func filledStore(
        _ directory: TemporaryDirectory, count: Int = 10, clock: ManualDate, limits: CacheLimits? = nil
    ) throws -> (CacheStore, SQLiteNormalizedCache) {
        let sqlite = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        let store = CacheStore(cache: sqlite, limits: limits, now: { clock.now })
        for index in 0..<count {
            try store.publish(RecordSet([person(index)]))
            clock.advance(by: 1)
        }
        return (store, sqlite)
    }

    @Test("a record bound removes the least recently written first and never a record a live watcher reads")
    func recordBoundSparesWatchedRecords() async throws {
        let directory = try TemporaryDirectory()
        let clock = ManualDate()
        let (store, sqlite) = try Self.filledStore(directory, clock: clock)
        defer { try? sqlite.close() }
        // A screen shows Person:2; rewriting Person:0 makes it the newest.
        var screen: CacheWatch<PersonDetails>? = store.watch(PersonDetails.self, key: "Person:2")
        var iterator = screen?.makeAsyncIterator()
        #expect(try await iterator?.next()?.get().name == "Person")
        try store.publish(RecordSet([Self.person(0, name: "Newest")]))

        let trim = try store.trim(to: CacheLimits(maxRecords: 5))
        #expect(trim.removedRecords == ["Person:1", "Person:3", "Person:4", "Person:5", "Person:6"])
        #expect(trim.keptInUse == ["Person:2"])
        #expect(trim.records == 5)
        #expect(try sqlite.allKeys() == ["Person:0", "Person:2", "Person:7", "Person:8", "Person:9"])
        #expect(try store.readFragment(PersonDetails.self, key: "Person:2").name == "Person")

        // Once the screen is gone, its record is the least recently written.
        iterator = nil
        screen = nil
        #expect(store.watcherCount == 0)
        let second = try store.trim(to: CacheLimits(maxRecords: 4))
        #expect(second.removedRecords == ["Person:2"])
        #expect(second.keptInUse.isEmpty)
    }

    @Test("a byte bound counts the rows as stored; records an optimistic layer refers to stay")
    func byteBoundAndLayers() throws {
        let directory = try TemporaryDirectory()
        let clock = ManualDate()
        let (store, sqlite) = try Self.filledStore(directory, clock: clock)
        defer { try? sqlite.close() }
        let rowBytes = try DatabaseQueue(path: directory.file("cache.sqlite").path).read { db in
            try Int.fetchAll(db, sql: "SELECT length(record) FROM \(CacheSchema.recordsTable) ORDER BY key")
        }
        let total = rowBytes.reduce(0, +)
        let layer = try store.addOptimisticLayer { transaction in
            transaction.update("Team:1", fields: ["members": .list([.reference("Person:0"), .reference("Person:1")])])
        }
        let trim = try store.trim(to: CacheLimits(maxBytes: total / 2))
        #expect(trim.bytes <= total / 2)
        #expect(trim.keptInUse == ["Person:0", "Person:1"])
        #expect(trim.removedRecords.first == "Person:2")
        let left = try CacheStatistics(of: sqlite)
        #expect(left.bytes == trim.bytes)
        #expect(left.records == trim.records)
        #expect(try sqlite.allKeys().isSuperset(of: ["Person:0", "Person:1", "Person:9"]))
        store.removeOptimisticLayer(layer)
    }

    @Test("an age bound removes every record not written within it, those without a write time first")
    func ageBound() throws {
        let directory = try TemporaryDirectory()
        let clock = ManualDate()
        let (store, sqlite) = try Self.filledStore(directory, clock: clock)
        defer { try? sqlite.close() }
        // A row from before write times were kept: the first to go under any bound.
        let legacy: [UInt8] = [0xA1, 1, 4] + Array("name".utf8) + [0x05, 3] + Array("Old".utf8) + [0]
        try DatabaseQueue(path: directory.file("cache.sqlite").path).write { db in
            try db.execute(
                sql: "INSERT INTO \(CacheSchema.recordsTable) (key, record) VALUES (?, ?)",
                arguments: ["Person:old", Data(legacy)])
        }
        #expect(try store.trim(to: CacheLimits(maxRecords: 10)).removedRecords == ["Person:old"])
        // The clock is 10 s after the first write: records written more than 4.5 s ago go.
        let trim = try store.trim(to: CacheLimits(maxAge: .milliseconds(4_500)))
        #expect(trim.removedRecords == (0...5).map { CacheKey("Person:\($0)") })
        #expect(trim.records == 4)
    }

    @Test("a store with limits trims on its own after enough writes, keeping the newest")
    func automaticTrim() throws {
        let directory = try TemporaryDirectory()
        let clock = ManualDate()
        let limits = CacheLimits(maxRecords: 64)
        let (store, sqlite) = try Self.filledStore(directory, count: 300, clock: clock, limits: limits)
        defer { try? sqlite.close() }
        let count = try sqlite.allKeys().count
        // Trimmed back to 64 after every 64 records written: never more than 127 at rest.
        #expect(count >= 64 && count < 64 + limits.recordsBetweenTrims)
        #expect(try sqlite.loadRecord("Person:299") != nil)
        #expect(try sqlite.loadRecord("Person:0") == nil)
        _ = try store.trim(to: limits)
        #expect(try sqlite.allKeys() == Set((236..<300).map { CacheKey("Person:\($0)") }))
    }
}

/// The memory front's own byte bound, in front of a SQLite file that keeps what it lets go.
@Suite("A memory front bounded by bytes")
struct MemoryByteBoundTests {
    @Test("past its byte bound the front evicts the least recently used records; the chained cache still reads them")
    func byteBound() throws {
        let directory = try TemporaryDirectory()
        let record = CacheTrimTests.person(0)
        // Room for three records of this size, not four.
        let front = InMemoryNormalizedCache(maxBytes: record.estimatedByteCount * 3 + 1)
        let back = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        defer { try? back.close() }
        let store = CacheStore(cache: ChainedNormalizedCache(front: front, back: back))
        for index in 0..<4 { try store.publish(RecordSet([CacheTrimTests.person(index)])) }
        #expect(front.allKeys() == ["Person:1", "Person:2", "Person:3"])
        #expect(front.evictionCount == 1)
        #expect(front.byteCount == record.estimatedByteCount * 3)
        // Reading Person:1 makes it the most recently used; Person:0 comes back from the file and evicts Person:2.
        _ = try store.readFragment(PersonDetails.self, key: "Person:1")
        #expect(try store.readFragment(PersonDetails.self, key: "Person:0").name == "Person")
        #expect(front.allKeys() == ["Person:0", "Person:1", "Person:3"])
        #expect(try back.allKeys().count == 4)
        _ = front.removeRecords(["Person:3"])
        #expect(front.byteCount == record.estimatedByteCount * 2)
        front.clear()
        #expect(front.byteCount == 0)
    }

    @Test("the byte count follows records as they grow, shrink and lose fields; one larger than the bound is not kept")
    func byteAccounting() throws {
        let front = InMemoryNormalizedCache(maxBytes: 2_000)
        func stored() -> Int {
            front.allKeys().compactMap { front.loadRecord($0)?.estimatedByteCount }.reduce(0, +)
        }
        _ = front.merge(RecordSet([CacheTrimTests.person(0), CacheTrimTests.person(1)]))
        #expect(front.byteCount == stored())
        // Grows through an observed merge, shrinks through an unobserved one, loses a field.
        _ = front.merge(RecordSet([CacheTrimTests.person(0, name: String(repeating: "a", count: 500))]))
        #expect(front.byteCount == stored())
        front.mergeUnobserved(RecordSet([CacheTrimTests.person(0, name: "b")]))
        #expect(front.byteCount == stored())
        #expect(front.removeField(CacheFieldID(key: "Person:1", field: "height")))
        #expect(front.byteCount == stored())
        // A record larger than the whole bound is let go at once; the others stay.
        _ = front.merge(RecordSet([CacheTrimTests.person(2, name: String(repeating: "c", count: 3_000))]))
        #expect(front.allKeys() == ["Person:0", "Person:1"])
        #expect(front.byteCount == stored())
        #expect(front.evictionCount == 1)
    }
}
