import APICoreCache
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreGraphQL
@testable import APICoreSQLite

/// Awaited reads of the SQLite cache run one per core at most, so a burst of them leaves the app's other threads
/// their turn; the rest wait holding no thread and start, in order, as reads end.
@Suite("Awaited SQLite reads: one per core at a time")
struct ReadLimiterTests {
    @Test("no more than the limit start; the others start in the order they came, one per read that ends")
    func limitAndOrder() {
        let limiter = ReadLimiter(limit: 3)
        let started = Lock<[Int]>([])
        for read in 0..<10 { limiter.run { started.withLock { $0.append(read) } } }
        #expect(started.withLock { $0 } == [0, 1, 2])
        limiter.finish()
        #expect(started.withLock { $0 } == [0, 1, 2, 3])
        for _ in 0..<6 { limiter.finish() }
        #expect(started.withLock { $0 } == Array(0..<10))
        // Every read has ended: three slots are free again, so three new reads start at once.
        for _ in 0..<3 { limiter.finish() }
        for read in 10..<14 { limiter.run { started.withLock { $0.append(read) } } }
        #expect(started.withLock { $0 } == Array(0..<13))
    }

    @Test("a seeded mix of reads starting and ending never runs more than the limit, and starts every read once")
    func seededInterleavings() {
        var generator = SeededGenerator(seed: 0x0052_EAD5)
        for _ in 0..<200 {
            let limit = Int.random(in: 1...4, using: &generator)
            let limiter = ReadLimiter(limit: limit)
            let started = Lock<[Int]>([])
            var running = 0
            var submitted = 0
            var ended = 0
            let total = Int.random(in: 1...40, using: &generator)
            while ended < total {
                let submits = submitted < total && (running == 0 || Bool.random(using: &generator))
                if submits {
                    let read = submitted
                    submitted += 1
                    limiter.run { started.withLock { $0.append(read) } }
                } else {
                    ended += 1
                    limiter.finish()
                }
                running = started.withLock { $0.count } - ended
                #expect(running <= limit)
                #expect(running == min(limit, submitted - ended), "a waiting read did not start in a free slot")
            }
            #expect(started.withLock { $0 } == Array(0..<total))
        }
    }

    @Test("sixty-four awaited reads of a real file at once: each gets its records, never more than one per core run")
    func awaitedReadsOfAFile() async throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
        _ = try cache.merge(RecordSet([SampleRecords.human, SampleRecords.droid, SampleRecords.queryRoot]))
        let cores = max(2, ProcessInfo.processInfo.activeProcessorCount)
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
        #expect(running.withLock { $0.most } <= cores)
    }
}
