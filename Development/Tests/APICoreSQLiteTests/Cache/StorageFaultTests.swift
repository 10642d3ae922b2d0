import APICoreCache
import APICoreTestSupport
import Foundation
import GRDB
import Testing

@testable import APICoreJSON
@testable import APICoreSQLite

/// The SQLite cache under the storage faults of a real device, each with a real file and, where the fault belongs to
/// another process or to the system, a real child process (`APICoreSQLiteCrashWriter`): a full disk, a second process
/// writing the same file, SIGKILL in the middle of a WAL checkpoint. For each: the error is typed, what was committed
/// is still read, nothing acknowledged is lost, and writing works again once the fault is gone.
@Suite("SQLite storage faults", .timeLimit(.minutes(10)))
struct StorageFaultTests {
    /// The records of merge `index` of run `run`, as the writer makes them.
    static func keys(run: Int, index: Int) -> Set<CacheKey> {
        Set((0..<50).map { CacheKey("Item:\(run)-\(index)-\($0)") })
    }

    static func writer(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess(
            executable: BuildProducts.executable(
                named: "APICoreSQLiteCrashWriter", environmentOverride: "APICORE_SQLITE_CRASH_WRITER"),
            arguments: arguments)
    }

    /// `ack RUN i` lines up to the end of the output, and the other lines.
    static func acknowledgements(_ lines: [String], run: Int) -> (acknowledged: [Int], other: [String]) {
        var acknowledged: [Int] = []
        var other: [String] = []
        for line in lines {
            let parts = line.split(separator: " ")
            if parts.count == 3, parts[0] == "ack", parts[1] == "\(run)", let index = Int(parts[2]) {
                acknowledged.append(index)
            } else {
                other.append(line)
            }
        }
        return (acknowledged, other)
    }

    static func integrity(of file: URL) throws -> [String] {
        try DatabaseQueue(path: file.path).read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    @Test("a full disk fails a write with a typed error; what was committed reads; writing resumes with room")
    func fullDisk() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        // Every file the writer writes is limited to 1 MB: the write-ahead log fills up after a few dozen merges.
        let writer = try Self.writer(["fill", file.path, "7", String(1 << 20)])
        let exit = try #require(await writer.waitForExit(timeout: .seconds(300)), "the writer did not finish")
        var lines: [String] = []
        for await line in writer.lines() { lines.append(line) }
        let errors = await writer.errorTail.text()
        #expect(exit == 0, "\(errors)")
        let (acknowledged, other) = Self.acknowledgements(lines, run: 7)
        #expect(acknowledged == Array(0..<acknowledged.count))
        #expect(acknowledged.count > 1, "the disk filled before the second merge: \(lines)")
        #expect(other.count == 3, "\(other)")
        let full = try #require(other.first)
        #expect(full.hasPrefix("full cache storage: writing the cache database failed: "))
        #expect(full.contains("the disk"), "the error says the disk may be full: \(full)")
        #expect(other.dropFirst().first == "read \(acknowledged.count * 50)", "every acknowledged record reads back")
        #expect(other.last == "recovered \(acknowledged.count)", "a write after the limit is lifted succeeds")

        #expect(try Self.integrity(of: file) == ["ok"])
        let cache = try SQLiteNormalizedCache(fileURL: file)
        defer { try? cache.close() }
        for index in 0...acknowledged.count {
            let keys = Self.keys(run: 7, index: index)
            #expect(try cache.loadRecords(keys).count == keys.count, "merge \(index) is in the file")
        }
    }

    @Test("another process (an app extension) writing the same file: both processes' writes are kept and seen")
    func secondProcess() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let cache = try SQLiteNormalizedCache(fileURL: file)
        defer { try? cache.close() }
        let other = try Self.writer([file.path, "2", "400"])
        defer { other.kill() }
        var lines = other.lines().makeAsyncIterator()
        /// The other process's last acknowledged merge once it has acknowledged `index`; `nil` if its output ended.
        func acknowledged(upTo index: Int) async -> Int? {
            while let line = await lines.next() {
                let parts = line.split(separator: " ")
                if parts.count == 3, parts[0] == "ack", let acknowledged = Int(parts[2]), acknowledged >= index {
                    return acknowledged
                }
            }
            return nil
        }
        // This process writes once the other one is writing, so that both wait for each other's write lock.
        guard await acknowledged(upTo: 0) == 0 else {
            let errors = await other.errorTail.text()
            Issue.record("the other process wrote nothing: \(errors)")
            return
        }
        let merges = 30
        for index in 0..<merges {
            var set = RecordSet()
            for element in 0..<50 {
                set.merge(
                    Record(
                        key: CacheKey("Mine:\(index)-\(element)"), fields: ["index": .value(.int(Int64(index)))]))
            }
            set.merge(Record(key: .queryRoot, fields: ["mine": .value(.int(Int64(index)))]))
            _ = try cache.merge(set)
        }
        let acknowledgedByThem = await acknowledged(upTo: 60)
        other.kill()
        let errors = await other.errorTail.text()
        let theirs = try #require(acknowledgedByThem, "the other process stopped: \(errors)")

        // The other process's commits are read here without reopening anything, and this process's are all there.
        for index in 0...theirs {
            let their = Self.keys(run: 2, index: index)
            #expect(try cache.loadRecords(their).count == their.count, "their merge \(index)")
        }
        for index in 0..<merges {
            let mine = Set((0..<50).map { CacheKey("Mine:\(index)-\($0)") })
            #expect(try cache.loadRecords(mine).count == mine.count, "my merge \(index)")
        }
        let root = try #require(try cache.loadRecord(.queryRoot))
        #expect(root["mine"] == .value(.int(Int64(merges - 1))))
        #expect(try Self.integrity(of: file) == ["ok"])
    }

    @Test("SIGKILL in the middle of WAL checkpoints loses no acknowledged write and leaves a sound file")
    func killDuringCheckpoint() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        var acknowledged: [Int: Int] = [:]
        for run in 0..<8 {
            // The writer checkpoints about 1 MB of log after every fifth merge; the kill follows the announcement of
            // checkpoint `target`, so it lands in that checkpoint or just after it.
            let target = 1 + run % 3
            let writer = try Self.writer(["checkpoint", file.path, String(run), String(5 * target + 20)])
            defer { writer.kill() }
            let outcome = await outcome(within: .seconds(120)) { () async -> (last: Int, killed: Bool) in
                var last = -1
                var checkpoints = 0
                for await line in writer.lines() {
                    let parts = line.split(separator: " ")
                    if parts.count == 3, parts[0] == "ack", let index = Int(parts[2]) { last = index }
                    if parts.count == 3, parts[0] == "checkpoint" {
                        checkpoints += 1
                        if checkpoints == target { writer.kill() }
                    }
                }
                return (last, checkpoints >= target)
            }
            let (last, killed) = try #require(outcome, "run \(run): the writer's output did not end")
            let errors = await writer.errorTail.text()
            #expect(killed, "run \(run): the writer never reached checkpoint \(target): \(errors)")
            #expect(writer.diedOfSignal)
            acknowledged[run] = last

            #expect(try Self.integrity(of: file) == ["ok"], "run \(run)")
            let cache = try SQLiteNormalizedCache(fileURL: file)
            for (pastRun, pastLast) in acknowledged where pastLast >= 0 {
                for index in 0...pastLast {
                    let keys = Self.keys(run: pastRun, index: index)
                    #expect(try cache.loadRecords(keys).count == keys.count, "run \(pastRun), merge \(index)")
                }
            }
            try cache.close()
        }
    }

    @Test("a full disk fails an enqueue with a typed error; what was queued stays queued; enqueueing resumes")
    func fullDiskQueue() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("queue.sqlite")
        // Nothing listens there: no mutation leaves the queue.
        let nowhere = try RefusingPort()
        let app = try ChildProcess(
            executable: BuildProducts.executable(
                named: "APICoreMutationQueueCrashApp", environmentOverride: "APICORE_MUTATION_QUEUE_CRASH_APP"),
            arguments: ["fill", file.path, "http://127.0.0.1:\(nowhere.port)/graphql", "3", String(1 << 20)])
        let exit = try #require(await app.waitForExit(timeout: .seconds(300)), "the app did not finish")
        var lines: [String] = []
        for await line in app.lines() { lines.append(line) }
        let errors = await app.errorTail.text()
        #expect(exit == 0, "\(errors)")
        var keys: [String] = []
        var other: [String] = []
        for line in lines {
            let parts = line.split(separator: " ")
            if parts.count == 4, parts[0] == "ack", parts[1] == "3", Int(parts[2]) == keys.count {
                keys.append(String(parts[3]))
            } else {
                other.append(line)
            }
        }
        #expect(keys.count > 1, "the disk filled before the second enqueue: \(lines)")
        #expect(other.count == 3, "\(other)")
        let full = try #require(other.first)
        #expect(full.hasPrefix("full "))
        #expect(full.contains("the disk"), "the error says the disk may be full: \(full)")
        #expect(other.dropFirst().first == "pending \(keys.count)", "every acknowledged mutation is still queued")
        let recovered = try #require(other.last)
        #expect(recovered.hasPrefix("recovered "), "an enqueue after the limit is lifted succeeds: \(recovered)")

        // The file holds every acknowledged mutation and the one enqueued after, in order.
        #expect(try Self.integrity(of: file) == ["ok"])
        let stored = try await DatabaseQueue(path: file.path).read { db in
            try String.fetchAll(db, sql: "SELECT idempotency_key FROM apicore_mutation_queue ORDER BY sequence")
        }
        #expect(stored == keys + [String(recovered.dropFirst("recovered ".count))])
    }

    /// Removes the file at `file` and its companions, as a cleaner that empties the folder does.
    static func delete(_ file: URL) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
    }

    static func batch(_ name: String, count: Int = 20) -> RecordSet {
        RecordSet((0..<count).map { Record(key: CacheKey("\(name):\($0)"), fields: ["n": .value(.int(Int64($0)))]) })
    }

    @Test("a cache file deleted while open: writes fail with a typed error instead of vanishing, reads go on")
    func cacheFileDeleted() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        // No integrity check on open: the pool opens no reader connection before the file is gone, so every read
        // below needs one opened after the deletion, which finds no file at the path.
        let cache = try SQLiteNormalizedCache(fileURL: file, options: SQLiteFileOptions(checksIntegrityOnOpen: false))
        _ = try cache.merge(Self.batch("Before"))
        Self.delete(file)

        // SQLite would write on to the deleted file, and the write would be lost at close: it is refused instead.
        let error = try #require(throws: CacheError.self) { try cache.merge(Self.batch("After")) }
        #expect(error.code == .storage)
        #expect(error.description.contains("deleted or moved while open"), "\(error)")
        #expect(try cache.loadRecords(Set(Self.batch("After").keys)).isEmpty)
        // What was committed is still read from the open file (through the writer's connection), also by reads at once.
        let counts = Lock<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            let count = (try? cache.loadRecords(Set(Self.batch("Before").keys)).count) ?? -1
            counts.withLock { $0.append(count) }
        }
        #expect(counts.withLock { $0 } == Array(repeating: 20, count: 6))
        try cache.close()

        // Opening the path again starts a cache that writes.
        let reopened = try SQLiteNormalizedCache(fileURL: file)
        _ = try reopened.merge(Self.batch("After"))
        #expect(try reopened.loadRecords(Set(Self.batch("After").keys)).count == 20)
        try reopened.close()
    }

    @Test("a cache file replaced while open (a restore): writes fail typed, and reopening reads the new file")
    func cacheFileReplaced() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let cache = try SQLiteNormalizedCache(fileURL: file)
        _ = try cache.merge(Self.batch("Old"))

        let restored = directory.file("restored.sqlite")
        let other = try SQLiteNormalizedCache(fileURL: restored)
        _ = try other.merge(Self.batch("Restored"))
        try other.close()
        // A backup is one file: everything checkpointed into it.
        try DatabaseQueue(path: restored.path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        Self.delete(URL(fileURLWithPath: restored.path + "-wal"))
        Self.delete(URL(fileURLWithPath: restored.path + "-shm"))
        // Moved into place in one step, as a restore does; the old file's companions go with it.
        #expect(rename(restored.path, file.path) == 0)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }

        let error = try #require(throws: CacheError.self) { try cache.merge(Self.batch("Lost")) }
        #expect(error.code == .storage)
        #expect(error.description.contains("replaced by another while open"), "\(error)")
        #expect(try cache.loadRecords(Set(Self.batch("Old").keys)).count == 20)
        try cache.close()

        let reopened = try SQLiteNormalizedCache(fileURL: file)
        #expect(try reopened.loadRecords(Set(Self.batch("Restored").keys)).count == 20)
        #expect(try reopened.loadRecords(Set(Self.batch("Old").keys)).isEmpty)
        _ = try reopened.merge(Self.batch("New"))
        try reopened.close()
        #expect(try Self.integrity(of: file) == ["ok"])
    }

    @Test("an entity file deleted while open: saving fails with a typed error, the entities still read")
    func entityFileDeleted() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("entities.sqlite")
        let store = try EntityStore(fileURL: file)
        let luke: Person = try store.upsert(PersonDetails.make(id: "1000", name: "Luke"))
        Self.delete(file)
        var favorite = luke
        favorite.isFavorite = true
        let error = try #require(throws: EntityStoreError.self) { try store.save(favorite) }
        #expect(error.code == .storage)
        #expect(String(describing: error).contains("deleted or moved while open"), "\(error)")
        #expect(try store.existingObject(Person.self, withId: "1000") == luke, "the refused save changed nothing")
        try store.close()
    }

    // MARK: A read-only file. The children run as an ordinary user: root, as CI containers run, writes any file.

    /// Sets the permission bits of `file` (the folder is writable by all, so that an ordinary user's SQLite can add
    /// the `-shm` and `-wal` companions of a file in WAL mode).
    static func permit(_ file: URL, _ mode: Int) throws {
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o777], ofItemAtPath: file.deletingLastPathComponent().path)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
    }

    /// The lines of a child run to completion, after checking that it exited 0.
    static func finished(_ child: ChildProcess) async throws -> [String] {
        let exit = try #require(await child.waitForExit(timeout: .seconds(120)), "the child did not finish")
        var lines: [String] = []
        for await line in child.lines() { lines.append(line) }
        let errors = await child.errorTail.text()
        #expect(exit == 0, "\(errors)")
        return lines
    }

    @Test("a read-only cache file opens for reading: what was committed reads, writes fail typed, reopened it writes")
    func readOnlyCacheFile() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.url.path)
        // The app (the same ordinary user throughout) writes merges 0, 1 and 2, one run each.
        for index in 0..<3 {
            let run = try await Self.finished(try Self.writer(["permissions", file.path, "9", String(index)]))
            #expect(run == ["readonly false", "read \(index * 50)", "wrote"])
        }
        let before = try Data(contentsOf: file)

        try Self.permit(file, 0o444)
        let refused = try await Self.finished(try Self.writer(["permissions", file.path, "9", "3"]))
        #expect(refused.count == 3, "\(refused)")
        #expect(refused.first == "readonly true")
        #expect(refused.dropFirst().first == "read 150", "every committed record reads")
        let refusal = try #require(refused.last)
        #expect(refusal.hasPrefix("refused cache storage: "), "\(refusal)")
        #expect(refusal.contains("read-only when it was opened"), "the error says why: \(refusal)")
        #expect(try Data(contentsOf: file) == before, "the read-only file was not changed")
        // The reader left `-wal` and `-shm` behind with the file's read-only mode, as SQLite does; opened again, the
        // cache makes them writable with the file.
        #expect(FileManager.default.fileExists(atPath: file.path + "-shm"))

        try Self.permit(file, 0o666)
        let recovered = try await Self.finished(try Self.writer(["permissions", file.path, "9", "3"]))
        #expect(recovered == ["readonly false", "read 150", "wrote"])
        #expect(try Self.integrity(of: file) == ["ok"])
        let reopened = try SQLiteNormalizedCache(fileURL: file)
        defer { try? reopened.close() }
        for index in 0...3 {
            #expect(try reopened.loadRecords(Self.keys(run: 9, index: index)).count == 50, "merge \(index) is kept")
        }
    }

    @Test("a read-only mutation queue file is refused with a typed error and left whole; writable again, it opens")
    func readOnlyQueueFile() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("queue.sqlite")
        let nowhere = try RefusingPort()
        let app = {
            try ChildProcess(
                executable: BuildProducts.executable(
                    named: "APICoreMutationQueueCrashApp", environmentOverride: "APICORE_MUTATION_QUEUE_CRASH_APP"),
                arguments: ["permissions", file.path, "http://127.0.0.1:\(nowhere.port)/graphql", "4", "3"])
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.url.path)
        let created = try await Self.finished(try app())
        #expect(created.first == "opened 0")
        let keys = created.dropFirst().compactMap { line in
            line.hasPrefix("ack 4 ") ? line.split(separator: " ").last.map(String.init) : nil
        }
        #expect(keys.count == 3, "\(created)")

        try Self.permit(file, 0o444)
        let refused = try await Self.finished(try app())
        #expect(refused.count == 1, "\(refused)")
        let refusal = try #require(refused.first)
        #expect(refusal.hasPrefix("refused "), "\(refusal)")
        #expect(refusal.contains("mutation queue's file could not be opened"), "\(refusal)")
        #expect(refusal.contains("read-only when it was opened"), "the error says why: \(refusal)")
        let stored = try await DatabaseQueue(path: file.path).read { db in
            try String.fetchAll(db, sql: "SELECT idempotency_key FROM apicore_mutation_queue ORDER BY sequence")
        }
        #expect(stored == keys, "every queued mutation is still there, in order")

        try Self.permit(file, 0o666)
        let reopened = try await Self.finished(try app())
        #expect(reopened == ["opened 3"], "writable again, the queue opens with its three mutations")
    }
}
