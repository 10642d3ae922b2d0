import APICoreCache
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON
@testable import APICoreSQLite

/// Awaited reads of the SQLite caches run on threads of their own, one per core at most, so a burst of them leaves
/// the app's other threads their turn; the rest wait holding no thread and start in the order they came.
@Suite("Awaited SQLite reads: one thread per core")
struct ReadThreadsTests {
    /// Waits, on a thread of its own, until `count` signals; `false` if they did not come within the bound on a
    /// hang.
    static func wait(for semaphore: DispatchSemaphore, count: Int) async throws -> Bool {
        try await onDedicatedThread {
            (0..<count).allSatisfy { _ in semaphore.wait(timeout: .now() + 120) == .success }
        }
    }

    @Test("one thread takes its reads in the order they came")
    func oneThreadKeepsOrder() async throws {
        let threads = ReadThreads(count: 1, name: "order test")
        let order = Lock<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        for read in 0..<500 {
            threads.run {
                order.withLock { $0.append(read) }
                done.signal()
            }
        }
        #expect(try await Self.wait(for: done, count: 500))
        #expect(order.withLock { $0 } == Array(0..<500))
    }

    @Test("reads from many tasks all run, never more at once than there are threads")
    func boundedAndComplete() async throws {
        let threads = ReadThreads(count: 3, name: "bound test")
        let running = Lock((now: 0, most: 0, ran: 0))
        let done = DispatchSemaphore(value: 0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<250 {
                        threads.run {
                            running.withLock {
                                $0.now += 1
                                $0.most = max($0.most, $0.now)
                            }
                            var sum = 0
                            for value in 0..<2_000 { sum &+= value }
                            running.withLock {
                                $0.now -= 1
                                $0.ran += sum == 1_999_000 ? 1 : 0
                            }
                            done.signal()
                        }
                    }
                }
            }
        }
        #expect(try await Self.wait(for: done, count: 2_000))
        let final = running.withLock { $0 }
        #expect(final.ran == 2_000)
        #expect(final.most <= 3)
    }

    @Test("sixty-four awaited reads of a real file at once: each gets its records, one per core at most at a time")
    func awaitedReadsOfAFile() async throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        _ = try cache.merge(RecordSet([SampleRecords.human, SampleRecords.droid, SampleRecords.queryRoot]))
        let running = Lock((now: 0, most: 0))
        let reads = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    try await cache.withConsistentReads { reader throws(CacheError) -> Int in
                        running.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        defer { running.withLock { $0.now -= 1 } }
                        return try reader.loadRecords([SampleRecords.human.key, SampleRecords.droid.key]).count
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(reads == Array(repeating: 2, count: 64))
        #expect(running.withLock { $0.most } <= ReadThreads.shared.count)
        #expect(ReadThreads.shared.count == max(2, ProcessInfo.processInfo.activeProcessorCount))
    }
}
