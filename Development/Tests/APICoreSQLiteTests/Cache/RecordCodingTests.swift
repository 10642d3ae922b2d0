import APICoreCache
import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Foundation
import GRDB
import Testing

@testable import APICoreSQLite

@Suite("The binary record encoding of the SQLite cache", .cpuBound)
struct RecordCodingTests {
    /// A random JSON leaf: every kind, nested a few levels, with awkward strings and extreme numbers.
    static func randomJSON(_ random: inout SeededGenerator, depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth < 3 ? 7 : 5), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int([Int64.min, Int64.max, 0, -1, 9_007_199_254_740_993].randomElement(using: &random)!)
        case 3:
            guard Bool.random(using: &random) else {
                return .numberText(["12345678901234567890.0123456789", "-1e-400"].randomElement(using: &random)!)
            }
            return .double([0.1, -2.5e300, 1e-300, -0.0].randomElement(using: &random)!)
        case 4: return .string(randomString(&random))
        case 5:
            return .array(
                (0..<Int.random(in: 0...3, using: &random)).map { _ in randomJSON(&random, depth: depth + 1) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                object[randomString(&random)] = randomJSON(&random, depth: depth + 1)
            }
            return .object(object)
        }
    }

    static func randomString(_ random: inout SeededGenerator) -> String {
        let pieces = [
            "", "a", "é", "\"", "\\", "\u{0}", "\n", "👩‍👩‍👧", "QUERY_ROOT.items(first:2)",
            String(repeating: "x", count: 300),
        ]
        return (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func randomValue(_ random: inout SeededGenerator, depth: Int = 0) -> RecordValue {
        switch Int.random(in: 0..<(depth < 3 ? 4 : 3), using: &random) {
        case 0: return .value(randomJSON(&random))
        case 1: return .reference(CacheKey("Type:" + randomString(&random)))
        case 2:
            // A field error as the cache stores it: message and extensions, no path.
            var extensions = JSONObject()
            if Bool.random(using: &random) { extensions["code"] = .string(randomString(&random)) }
            if Bool.random(using: &random) { extensions["detail"] = randomJSON(&random) }
            return .error(GraphQLError(message: randomString(&random), extensions: extensions))
        default:
            return .list(
                (0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(&random, depth: depth + 1) })
        }
    }

    static func randomRecord(_ random: inout SeededGenerator) -> APICoreCache.Record {
        var record = APICoreCache.Record(key: CacheKey("Key:" + randomString(&random)))
        for _ in 0..<Int.random(in: 0...8, using: &random) {
            let name = randomString(&random)
            record.fields[name] = randomValue(&random)
            if Bool.random(using: &random) {
                record.expirations[name] = Date(
                    timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &random)) + 0.25)
            }
        }
        // No write time (a record stored before they were kept), or one, with some fields written earlier (one of
        // them, perhaps, at a time not known).
        if Bool.random(using: &random) {
            record.writtenAt = Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &random)))
            for name in record.fields.keys where Int.random(in: 0..<3, using: &random) == 0 {
                record.earlierWriteTimes[name] =
                    Bool.random(using: &random)
                    ? .distantPast
                    : record.writtenAt!.addingTimeInterval(-Double(Int.random(in: 1...1000, using: &random)))
            }
        }
        return record
    }

    @Test("any record reads back equal from its binary form, for 500 seeded records")
    func roundTrip() throws {
        for seed in 0..<500 {
            var random = SeededGenerator(seed: UInt64(seed))
            let record = Self.randomRecord(&random)
            let data = RecordCoding.data(of: record)
            #expect(data.first == RecordCoding.binaryMarker)
            let read = try RecordCoding.record(key: record.key, data: data)
            #expect(read == record, "seed \(seed)")
            // Equality leaves write times out: they must read back all the same.
            #expect(read.writtenAt == record.writtenAt, "seed \(seed)")
            #expect(read.earlierWriteTimes == record.earlierWriteTimes, "seed \(seed)")
        }
    }

    @Test("the binary form is smaller than the JSON text it replaces")
    func smallerThanJSON() {
        let binary = RecordCoding.data(of: SampleRecords.human).count
        let text = JSONWriter().string(.object(SampleRecords.human.storageJSON)).utf8.count
        #expect(binary < text)
    }

    @Test("every truncation and a wrong tag are corrupt records naming the key, never a crash")
    func malformedBytes() {
        let data = RecordCoding.data(of: SampleRecords.human)
        for length in 0..<data.count {
            let error = #expect(throws: CacheError.self) {
                try RecordCoding.record(key: "Human:1000", data: data.prefix(length))
            }
            #expect(error?.code == .corruptRecord)
            #expect(error?.key == "Human:1000")
        }
        var badTag = Data([RecordCoding.binaryMarkerWithoutWriteTimes, 1, 1, UInt8(ascii: "x"), 0x7F, 0])
        #expect(throws: CacheError.self) { try RecordCoding.record(key: "K", data: badTag) }
        // A count far larger than the bytes left cannot make the reader reserve memory for it.
        badTag = Data([RecordCoding.binaryMarkerWithoutWriteTimes, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F])
        #expect(throws: CacheError.self) { try RecordCoding.record(key: "K", data: badTag) }
        // Trailing bytes after a whole record are not something the writer produces.
        #expect(throws: CacheError.self) { try RecordCoding.record(key: "K", data: data + [0]) }
    }

    @Test("a number kept as text is stored as its text and reads back unchanged, in a file too")
    func numberText() throws {
        var record = APICoreCache.Record(key: "Product:1")
        record.fields["price"] = .value(.numberText("12345678901234567890.0123456789"))
        record.fields["views"] = .list([.value(.numberText("18446744073709551615")), .value(.int(1))])
        record.fields["blob"] = .value(["tiny": .numberText("1e-400")])
        let data = RecordCoding.data(of: record)
        #expect(try RecordCoding.record(key: "Product:1", data: data) == record)

        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        _ = try cache.merge(RecordSet([record]))
        try cache.close()
        let reopened = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        defer { try? reopened.close() }
        #expect(try reopened.loadRecord("Product:1") == record)
        // Text that is not a JSON number under the number tag is a corrupt record, not a value the writer would trap on.
        let corrupt = Data([
            RecordCoding.binaryMarkerWithoutWriteTimes, 1, 1, UInt8(ascii: "p"), 0x0A, 2, UInt8(ascii: "1"), 0x2C, 0,
        ])
        #expect(throws: CacheError.self) { try RecordCoding.record(key: "K", data: corrupt) }
    }

    @Test("bytes written before the number text tag existed read as they always did")
    func earlierBinaryRecordsRead() throws {
        // {"a": 5, "b": 1.5, "c": "x"}, no expiries: the integer, double and string tags and their payloads.
        let data = Data(
            [
                RecordCoding.binaryMarkerWithoutWriteTimes, 3, 1, UInt8(ascii: "a"), 0x03, 0x0A, 1, UInt8(ascii: "b"),
                0x04,
            ]
                + withUnsafeBytes(of: (1.5).bitPattern.littleEndian, Array.init)
                + [1, UInt8(ascii: "c"), 0x05, 1, UInt8(ascii: "x"), 0])
        let record = try RecordCoding.record(key: "K", data: data)
        #expect(record.fields["a"] == .value(.int(5)))
        #expect(record.fields["b"] == .value(.double(1.5)))
        #expect(record.fields["c"] == .value(.string("x")))
    }

    @Test("a row written as JSON text by an earlier version still reads, and a merge rewrites it in binary")
    func textRowsStillRead() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        try SQLiteNormalizedCache(fileURL: file).close()
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO \(CacheSchema.recordsTable) (key, record) VALUES (?, ?)",
                arguments: ["Human:1000", JSONWriter().string(.object(SampleRecords.human.storageJSON))])
        }
        try queue.close()

        let cache = try SQLiteNormalizedCache(fileURL: file)
        #expect(try cache.loadRecord("Human:1000") == SampleRecords.human)
        #expect(try cache.loadRecords(["Human:1000", "Droid:2001"]) == ["Human:1000": SampleRecords.human])
        var renamed = APICoreCache.Record(key: "Human:1000")
        renamed.fields["name"] = .value("Luke")
        #expect(try cache.merge(RecordSet([renamed])) == [CacheFieldID(key: "Human:1000", field: "name")])
        try cache.close()

        let reopened = try DatabaseQueue(path: file.path)
        defer { try? reopened.close() }
        let stored = try reopened.read { db in
            try DatabaseValue.fetchOne(
                db, sql: "SELECT record FROM \(CacheSchema.recordsTable) WHERE key = 'Human:1000'")
        }
        guard case .blob(let data)? = stored?.storage else {
            Issue.record("the merged row is not binary")
            return
        }
        var expected = SampleRecords.human
        expected.fields["name"] = .value("Luke")
        expected.expirations["name"] = nil
        #expect(try RecordCoding.record(key: "Human:1000", data: data) == expected)
    }

    @Test("a read of many records sees one state of the file, even while another connection writes")
    func consistentReads() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        defer { try? cache.close() }
        _ = try cache.merge(SampleRecords.all)
        var changed = APICoreCache.Record(key: "Droid:2001")
        changed.fields["name"] = .value("Changed")
        let renamed = changed
        let (before, after) = try cache.withConsistentReads { reader throws(CacheError) in
            let before = try reader.loadRecord("Human:1000")
            // The write commits on the writer connection while this read transaction is open.
            let written = Thread.runAndWait { try cache.merge(RecordSet([renamed])) }
            #expect(written != nil)
            return (before, try reader.loadRecords(["Droid:2001", "QUERY_ROOT"]))
        }
        #expect(before == SampleRecords.human)
        #expect(after["Droid:2001"] == SampleRecords.droid, "the read saw a write made after it began")
        #expect(after[.queryRoot] == SampleRecords.queryRoot)
        #expect(try cache.loadRecord("Droid:2001")?.fields["name"] == .value("Changed"))
    }
}

extension Thread {
    /// Runs `work` on a new thread and waits for it: its result, or `nil` if it threw.
    fileprivate static func runAndWait<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) -> Value? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Value?
        Thread.detachNewThread {
            result = try? work()
            done.signal()
        }
        done.wait()
        return result
    }
}
