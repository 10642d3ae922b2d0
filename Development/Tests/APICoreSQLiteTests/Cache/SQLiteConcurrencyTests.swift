import APICoreCache
import APICoreSQLite
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON

@Suite struct SQLiteConcurrencyTests {
    /// What the reader threads share with the test.
    private final class Shared: Sendable {
        let writerFinished = Lock(false)
        let failures = Lock<[String]>([])
        let reads = Lock<[Int]>([])
    }

    private static let keys: Set<CacheKey> = Set((0..<10).map { CacheKey("Item:\($0)") }).union([.queryRoot])

    /// Write number `version`: every item and the root record carry it, so a reader that sees two versions in one
    /// read has seen half a write.
    private static func batch(_ version: Int) -> RecordSet {
        var set = RecordSet(
            (0..<10).map { Record(key: CacheKey("Item:\($0)"), fields: ["version": .value(.int(Int64(version)))]) })
        set.merge(Record(key: .queryRoot, fields: ["version": .value(.int(Int64(version)))]))
        return set
    }

    @Test func eightReadersAndOneWriterNeverSeeALockedDatabase() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let cache = try SQLiteNormalizedCache(fileURL: file)
        // Half the readers go through a second pool on the same file, as another process of the app would.
        let secondPool = try SQLiteNormalizedCache(fileURL: file)
        _ = try cache.merge(Self.batch(0))

        let shared = Shared()
        let group = DispatchGroup()
        for reader in 0..<8 {
            group.enter()
            let source = reader.isMultiple(of: 2) ? cache : secondPool
            let thread = Thread {
                defer { group.leave() }
                var reads = 0
                repeat {
                    do {
                        let records = try source.loadRecords(Self.keys)
                        let versions = Set(records.values.map { $0["version"] })
                        if records.count != Self.keys.count || versions.count != 1 {
                            shared.failures.withLock { $0.append("reader \(reader) saw a partial write: \(versions)") }
                        }
                        _ = try source.allKeys()
                        reads += 1
                    } catch {
                        shared.failures.withLock { $0.append("reader \(reader): \(String(reflecting: error))") }
                        break
                    }
                } while !shared.writerFinished.withLock({ $0 })
                shared.reads.withLock { $0.append(reads) }
            }
            thread.start()
        }

        // The writer and the join of the readers block: on a thread of their own, not the cooperative pool's.
        let writeFailure = try await onDedicatedThread { () -> String? in
            var failure: String?
            do {
                for version in 1...300 { _ = try cache.merge(Self.batch(version)) }
            } catch {
                failure = String(reflecting: error)
            }
            shared.writerFinished.withLock { $0 = true }
            group.wait()
            return failure
        }

        #expect(writeFailure == nil, "\(writeFailure ?? "")")
        #expect(shared.failures.withLock { $0 } == [])
        #expect(shared.reads.withLock { $0.count } == 8)
        #expect(try secondPool.loadRecords([.queryRoot])[.queryRoot]?["version"] == .value(.int(300)))
    }
}
