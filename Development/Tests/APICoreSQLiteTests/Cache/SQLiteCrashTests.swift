import APICoreCache
import APICoreGraphQL
import APICoreSQLite
import APICoreScalars
import APICoreTestSupport
import Foundation
import GRDB
import Testing

@Suite struct SQLiteCrashTests {
    /// A child process streams merges into one file and acknowledges each committed one; it is killed with SIGKILL
    /// after a different number of acknowledgements each time (and so at a different point of a write). After every
    /// kill the file opens cleanly and holds every acknowledged write of every run so far.
    @Test func aKilledWriterLosesNoAcknowledgedWrite() async throws {
        var crashes = CrashRuns()
        try await crashes.run()
        #expect(crashes.problems == [])
    }
}

/// The runs of the crash test, and every problem they found.
private struct CrashRuns {
    /// What went wrong, one line each; empty when every run held.
    var problems: [String] = []

    /// A failed check: the same as a failed expectation, reported by the test once the runs are over.
    private struct CheckFailed: Error, CustomStringConvertible {
        let description: String
    }

    private mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { problems.append(message()) }
    }

    mutating func run() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        var lastAcknowledged: [Int: Int] = [:]

        for run in 0..<20 {
            let acknowledgementsBeforeKill = 1 + (run * 7) % 23
            let last = try await runAndKillWriter(file: file, run: run, after: acknowledgementsBeforeKill)
            lastAcknowledged[run] = last

            let integrity = try await DatabaseQueue(path: file.path).read { db in
                try String.fetchAll(db, sql: "PRAGMA integrity_check")
            }
            check(integrity == ["ok"], "run \(run): integrity \(integrity)")

            let cache = try SQLiteNormalizedCache(fileURL: file)
            for (pastRun, pastLast) in lastAcknowledged {
                try expectAcknowledgedWrites(in: cache, run: pastRun, last: pastLast)
            }
            try cache.close()
        }
    }

    /// How many merges the writer may make after the one the kill follows: enough that the kill usually lands in the
    /// middle of one, few enough that a writer far ahead of a slow reader leaves little to check.
    static let mergesPastTheKill = 40

    /// Starts the writer for `run`, kills it once it has acknowledged `count` merges, and returns the index of the
    /// last merge it acknowledged before it died.
    private mutating func runAndKillWriter(file: URL, run: Int, after count: Int) async throws -> Int {
        let writer = try ChildProcess(
            executable: BuildProducts.executable(
                named: "APICoreSQLiteCrashWriter", environmentOverride: "APICORE_SQLITE_CRASH_WRITER"),
            arguments: [file.path, String(run), String(count + Self.mergesPastTheKill)])
        var lines = writer.lines().makeAsyncIterator()
        var last = -1
        while last + 1 < count, let line = await lines.next() {
            last = try acknowledgedIndex(line, run: run)
        }
        writer.kill()
        // Lines the writer printed before it died acknowledge writes as well.
        while let line = await lines.next() { last = try acknowledgedIndex(line, run: run) }

        let errors = await writer.errorTail.text()
        check(last + 1 >= count, "the writer of run \(run) stopped early: \(errors)")
        check(writer.diedOfSignal, "run \(run) did not die of its signal: \(errors)")
        return last
    }

    private func acknowledgedIndex(_ line: String, run: Int) throws -> Int {
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "ack", parts[1] == "\(run)", let index = Int(parts[2]) else {
            throw CheckFailed(description: "run \(run): not an acknowledgement: \(line)")
        }
        return index
    }

    private mutating func expectAcknowledgedWrites(in cache: SQLiteNormalizedCache, run: Int, last: Int) throws {
        guard last >= 0 else { return }
        guard let root = try cache.loadRecords([.queryRoot])[.queryRoot] else {
            throw CheckFailed(description: "run \(run): no root record")
        }
        guard case .reference(let latest)? = root["latest(run:\(run))"] else {
            problems.append("run \(run): no latest item")
            return
        }
        let latestIndex = latest.rawValue.split(separator: "-").dropFirst().first.flatMap { Int($0) }
        check((latestIndex ?? -1) >= last, "run \(run): latest \(latest), acknowledged \(last)")

        var keys: Set<CacheKey> = []
        for index in 0...last {
            for element in 0..<50 { keys.insert(CacheKey("Item:\(run)-\(index)-\(element)")) }
        }
        let records = try cache.loadRecords(keys)
        check(records.count == keys.count, "run \(run): \(keys.count - records.count) acknowledged records missing")
        for (key, record) in records {
            let index = key.rawValue.split(separator: "-").dropFirst().first.flatMap { Int64($0) }
            check(record["index"] == .value(.int(index ?? -1)), "\(key): wrong index")
        }
    }
}
