import APICoreCache
import APICoreGraphQL
import APICoreSQLite
import APICoreTestSupport
import Foundation
import GRDB
import Testing

@Suite struct SQLiteCrashTests {
    /// A child process streams merges into one file and acknowledges each committed one; it is killed with SIGKILL
    /// after a different number of acknowledgements each time (and so at a different point of a write). After every
    /// kill the file opens cleanly and holds every acknowledged write of every run so far.
    @Test func aKilledWriterLosesNoAcknowledgedWrite() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        var lastAcknowledged: [Int: Int] = [:]

        for run in 0..<20 {
            let acknowledgementsBeforeKill = 1 + (run * 7) % 23
            let last = try runAndKillWriter(
                file: file, run: run, after: acknowledgementsBeforeKill, log: directory.file("writer-\(run).log"))
            lastAcknowledged[run] = last

            let integrity = try DatabaseQueue(path: file.path).read { db in
                try String.fetchAll(db, sql: "PRAGMA integrity_check")
            }
            #expect(integrity == ["ok"], "run \(run)")

            let cache = try SQLiteNormalizedCache(fileURL: file)
            for (pastRun, pastLast) in lastAcknowledged {
                try expectAcknowledgedWrites(in: cache, run: pastRun, last: pastLast)
            }
            try cache.close()
        }
    }

    /// Starts the writer for `run`, kills it once it has acknowledged `count` merges, and returns the index of the
    /// last merge it acknowledged before it died.
    private func runAndKillWriter(file: URL, run: Int, after count: Int, log: URL) throws -> Int {
        let process = Process()
        process.executableURL = BuildProducts.executable(
            named: "APICoreSQLiteCrashWriter", environmentOverride: "APICORE_SQLITE_CRASH_WRITER")
        process.arguments = [file.path, String(run)]
        let output = Pipe()
        try Data().write(to: log)
        let errorHandle = try FileHandle(forWritingTo: log)
        defer { try? errorHandle.close() }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errorHandle
        try process.run()
        try? output.fileHandleForWriting.close()

        var lines = LineReader(output.fileHandleForReading)
        var last = -1
        while last + 1 < count, let line = lines.nextLine() {
            last = try acknowledgedIndex(line, run: run)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // Lines the writer printed before it died acknowledge writes as well.
        while let line = lines.nextLine() { last = try acknowledgedIndex(line, run: run) }
        try? output.fileHandleForReading.close()

        let errors = String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self)
        #expect(last + 1 >= count, "the writer of run \(run) stopped early: \(errors)")
        #expect(process.terminationReason == .uncaughtSignal, "run \(run): \(errors)")
        return last
    }

    private func acknowledgedIndex(_ line: String, run: Int) throws -> Int {
        let parts = line.split(separator: " ")
        let index = try #require(parts.count == 3 && parts[0] == "ack" && parts[1] == "\(run)" ? Int(parts[2]) : nil)
        return index
    }

    private func expectAcknowledgedWrites(in cache: SQLiteNormalizedCache, run: Int, last: Int) throws {
        guard last >= 0 else { return }
        let root = try #require(try cache.loadRecords([.queryRoot])[.queryRoot])
        guard case .reference(let latest)? = root["latest(run:\(run))"] else {
            Issue.record("run \(run): no latest item")
            return
        }
        let latestIndex = latest.rawValue.split(separator: "-").dropFirst().first.flatMap { Int($0) }
        #expect((latestIndex ?? -1) >= last, "run \(run): latest \(latest), acknowledged \(last)")

        var keys: Set<CacheKey> = []
        for index in 0...last {
            for element in 0..<50 { keys.insert(CacheKey("Item:\(run)-\(index)-\(element)")) }
        }
        let records = try cache.loadRecords(keys)
        #expect(records.count == keys.count, "run \(run): \(keys.count - records.count) acknowledged records missing")
        for (key, record) in records {
            let index = key.rawValue.split(separator: "-").dropFirst().first.flatMap { Int64($0) }
            #expect(record["index"] == .value(.int(index ?? -1)), "\(key)")
        }
    }
}
