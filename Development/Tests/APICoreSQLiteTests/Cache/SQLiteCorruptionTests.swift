import APICoreCache
import Foundation
import GRDB
import Testing

@testable import APICoreJSON
@testable import APICoreSQLite

/// A cache file that is not a sound database is set aside and rebuilt instead of failing the app; anything else
/// (a folder in its place, a failing key hook) fails with a storage error and moves nothing.
@Suite("SQLite files that are corrupt")
struct SQLiteCorruptionTests {
    /// Many records, so the file spans many pages.
    static var manyRecords: RecordSet {
        RecordSet(
            (0..<2_000).map { index in
                Record(
                    key: CacheKey("Item:\(index)"),
                    fields: [
                        "__typename": .value(.string("Item")),
                        "text": .value(.string(String(repeating: "payload \(index) ", count: 8))),
                    ])
            })
    }

    /// Writes a sound cache file with `records` and closes it.
    static func writeCache(at url: URL, _ records: RecordSet) throws {
        let cache = try SQLiteNormalizedCache(fileURL: url)
        _ = try cache.merge(records)
        try cache.close()
        // Fold the write-ahead log into the main file, so damaging the main file damages the data.
        let queue = try DatabaseQueue(path: url.path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
    }

    /// Checks that the cache at `url` opened empty, works, and set the damaged file aside with its bytes intact.
    static func expectRebuilt(_ cache: SQLiteNormalizedCache, damaged: Data) throws {
        let setAside = try #require(cache.setAsideCorruptFile, "the corrupt file is set aside")
        #expect(try Data(contentsOf: setAside) == damaged, "the set-aside file keeps the damaged bytes")
        #expect(setAside.lastPathComponent.hasPrefix("cache.sqlite.corrupt-"))
        #expect(try cache.allKeys().isEmpty)
        _ = try cache.merge(SampleRecords.all)
        #expect(try cache.loadRecord("Droid:2001") == SampleRecords.droid)
    }

    @Test("a file that is not a database at all is set aside, and an empty cache takes its place")
    func notADatabase() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("cache.sqlite")
        let garbage = Data(String(repeating: "this is not SQLite; ", count: 500).utf8)
        try garbage.write(to: url)

        let cache = try SQLiteNormalizedCache(fileURL: url)
        defer { try? cache.close() }
        try Self.expectRebuilt(cache, damaged: garbage)
    }

    @Test("a truncated cache file is set aside and rebuilt")
    func truncated() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("cache.sqlite")
        try Self.writeCache(at: url, Self.manyRecords)
        let whole = try Data(contentsOf: url)
        let truncated = whole.prefix(whole.count / 2)
        try truncated.write(to: url)

        let cache = try SQLiteNormalizedCache(fileURL: url)
        defer { try? cache.close() }
        try Self.expectRebuilt(cache, damaged: truncated)
    }

    @Test("damaged pages behind a sound header fail the integrity check on open and are set aside")
    func damagedPages() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("cache.sqlite")
        try Self.writeCache(at: url, Self.manyRecords)
        var damaged = try Data(contentsOf: url)
        let pageSize = 4_096
        #expect(damaged.count > pageSize * 8)
        for offset in stride(from: pageSize * 2, to: damaged.count, by: pageSize) {
            damaged.replaceSubrange(offset..<(offset + 64), with: Data(repeating: 0xA5, count: 64))
        }
        try damaged.write(to: url)

        let cache = try SQLiteNormalizedCache(fileURL: url)
        defer { try? cache.close() }
        try Self.expectRebuilt(cache, damaged: damaged)
    }

    @Test("a sound file keeps its records across reopening and sets nothing aside")
    func soundFile() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("cache.sqlite")
        try Self.writeCache(at: url, SampleRecords.all)

        let cache = try SQLiteNormalizedCache(fileURL: url)
        defer { try? cache.close() }
        #expect(cache.setAsideCorruptFile == nil)
        #expect(try cache.loadRecord("Human:1000") == SampleRecords.human)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).allSatisfy { !$0.contains("corrupt") })
    }

    @Test("with recovery off, a corrupt file fails to open with a storage error and stays as it was")
    func recoveryOff() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("cache.sqlite")
        let garbage = Data(repeating: 0x42, count: 8_192)
        try garbage.write(to: url)

        let error = #expect(throws: CacheError.self) {
            _ = try SQLiteNormalizedCache(fileURL: url, options: SQLiteFileOptions(corruptionRecovery: .fail))
        }
        #expect(error?.code == .storage)
        #expect(try Data(contentsOf: url) == garbage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["cache.sqlite"])
    }

    @Test("the entity store does not discard a corrupt file unless told to: entities may be the only copy")
    func entityStoreKeepsCorruptFile() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("entities.sqlite")
        let garbage = Data(repeating: 0x42, count: 8_192)
        try garbage.write(to: url)

        let error = #expect(throws: EntityStoreError.self) { _ = try EntityStore(fileURL: url) }
        #expect(error?.code == .storage)
        #expect(try Data(contentsOf: url) == garbage)

        let rebuilt = try EntityStore(fileURL: url, options: SQLiteFileOptions(corruptionRecovery: .setAsideAndRebuild))
        try rebuilt.close()
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).count(where: { $0.contains("corrupt") }
            ) == 1)
    }

    @Test("a folder where the file should be is not corruption: opening fails and the folder is not moved")
    func folderInTheWay() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("cache.sqlite")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)

        let error = #expect(throws: CacheError.self) { _ = try SQLiteNormalizedCache(fileURL: url) }
        #expect(error?.code == .storage)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test("the connection hook runs on every connection before use, and a failing hook (a wrong key) fails opening")
    func connectionHook() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("cache.sqlite")
        let calls = Lock(0)
        let options = SQLiteFileOptions(prepareConnection: { db in
            calls.withLock { $0 += 1 }
            try db.execute(sql: "PRAGMA cache_size = -2048")
        })
        let cache = try SQLiteNormalizedCache(fileURL: url, options: options)
        _ = try cache.merge(SampleRecords.all)
        #expect(try cache.loadRecord("Droid:2001") == SampleRecords.droid)
        try cache.close()
        #expect(calls.withLock { $0 } >= 2, "the writer and at least one reader")

        struct WrongKey: Error {}
        let failing = SQLiteFileOptions(prepareConnection: { _ in throw WrongKey() })
        let error = #expect(throws: CacheError.self) { _ = try SQLiteNormalizedCache(fileURL: url, options: failing) }
        #expect(error?.code == .storage)
        let reopened = try SQLiteNormalizedCache(fileURL: url)
        defer { try? reopened.close() }
        #expect(reopened.setAsideCorruptFile == nil, "a failing hook is not corruption: the file was not moved")
        #expect(try reopened.loadRecord("Droid:2001") == SampleRecords.droid)
    }
}
