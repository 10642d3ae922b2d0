import APICoreCache
import APICoreGraphQL
import APICoreSQLite
import Foundation
import GitHubApolloFixture

/// A GitHub response through the client's hot path and the normalized cache, against Foundation's `JSONSerialization`
/// parsing the same bytes (a floor: it builds untyped Foundation objects and neither decodes nor normalizes).
enum ResponseScenarios {
    static let all = [
        decodeNormalize(name: "response.decode_normalize", file: GitHubResponse.small),
        decodeNormalize(name: "response.decode_normalize_x25", file: GitHubResponse.x25, measuresPeakMemory: true),
        BenchmarkScenario(
            name: "cache.read_memory",
            workload: "the query read back from the in-memory cache as typed data (409 KB response)",
            baseline: foundationBaseline, run: readMemory),
        BenchmarkScenario(
            name: "cache.write_sqlite",
            workload: "the query's normalized records written to a fresh SQLite file (409 KB response)",
            baseline: foundationBaseline, run: writeSQLite),
        BenchmarkScenario(
            name: "cache.read_sqlite",
            workload: "the query read back from SQLite as typed data (409 KB response)",
            baseline: foundationBaseline, run: readSQLite),
    ]

    static let foundationBaseline = "Foundation JSONSerialization parsing the same response bytes"

    /// JSON bytes to typed data plus records written to an in-memory cache.
    static func decodeNormalize(name: String, file: String, measuresPeakMemory: Bool = false) -> BenchmarkScenario {
        BenchmarkScenario(
            name: name,
            workload: "\(file): JSON read, decoded to typed data and normalized, records written to an in-memory cache",
            baseline: foundationBaseline
        ) { context in
            let response = try GitHubResponse(file, paths: context.paths)
            let ours = try Timing.measure(context.timing) {
                try response.decodeAndNormalize(into: CacheStore())
            }
            let baseline = try Timing.measure(context.timing) { try response.parseWithFoundation() }
            let plain = try IssuesAndCommentsForRepositoryQuery.Data(data: data(of: response))
            guard ours.result == plain else { throw BenchmarkFailure("\(name): normalizing changed the decoded data") }
            var result = BenchmarkResult(ours: ours.timing, baseline: baseline.timing)
            if measuresPeakMemory {
                result.extra = try PeakMemory.measure(file: file, bytes: response.bytes.count, paths: context.paths)
            }
            return result
        }
    }

    static func readMemory(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let response = try GitHubResponse(GitHubResponse.small, paths: context.paths)
        let store = CacheStore()
        let network = try response.decodeAndNormalize(into: store)
        let ours = try Timing.measure(context.timing) { try store.read(response.query) }
        guard ours.result == network else { throw BenchmarkFailure("the cache read differs from the network decode") }
        let baseline = try Timing.measure(context.timing) { try response.parseWithFoundation() }
        return BenchmarkResult(ours: ours.timing, baseline: baseline.timing)
    }

    static func writeSQLite(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let response = try GitHubResponse(GitHubResponse.small, paths: context.paths)
        let folder = try BenchmarkPaths.scratchFolder("apicore-bench-sqlite")
        defer { try? FileManager.default.removeItem(at: folder) }
        let records = try CacheStore().decode(response.query, data: data(of: response)).records
        var opened: [SQLiteNormalizedCache] = []
        defer { for cache in opened { try? cache.close() } }
        let ours = try Timing.measure(
            context.timing,
            setup: { () throws -> SQLiteNormalizedCache in
                let file = folder.appendingPathComponent("cache-\(opened.count).sqlite")
                opened.append(try SQLiteNormalizedCache(fileURL: file))
                return opened[opened.count - 1]
            },
            work: { cache in
                try CacheStore(cache: cache).publish(records)
                return cache
            })
        guard try ours.result.allKeys().count == records.count else {
            throw BenchmarkFailure("SQLite holds a different number of records than were written")
        }
        let baseline = try Timing.measure(context.timing) { try response.parseWithFoundation() }
        return BenchmarkResult(ours: ours.timing, baseline: baseline.timing)
    }

    static func readSQLite(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let response = try GitHubResponse(GitHubResponse.small, paths: context.paths)
        let folder = try BenchmarkPaths.scratchFolder("apicore-bench-sqlite")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try SQLiteNormalizedCache(fileURL: folder.appendingPathComponent("cache.sqlite"))
        defer { try? cache.close() }
        let store = CacheStore(cache: cache)
        let network = try response.decodeAndNormalize(into: store)
        let ours = try Timing.measure(context.timing) { try store.read(response.query) }
        guard ours.result == network else { throw BenchmarkFailure("the SQLite read differs from the network decode") }
        let baseline = try Timing.measure(context.timing) { try response.parseWithFoundation() }
        return BenchmarkResult(ours: ours.timing, baseline: baseline.timing)
    }

    /// The response's `data` object, read outside any timing.
    static func data(of response: GitHubResponse) throws -> JSONObject {
        try GitHubResponse.data(of: response.bytes)
    }
}
