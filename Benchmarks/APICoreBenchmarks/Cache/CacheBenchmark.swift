import APICoreCache
import APICoreGraphQL
import Foundation
import GitHubApolloFixture

/// The normalized cache on the GitHub responses: decoding with normalization in the same pass, writing the records,
/// and reading the query back, each against decoding the same data without a cache.
struct CacheBenchmark: BenchmarkSuite {
    static let name = "cache"
    static let abstract = "normalize, write and read back GitHub responses, against a decode without the cache"

    let options: BenchmarkOptions

    init(options: BenchmarkOptions) {
        self.options = options
    }

    func run() throws -> BenchmarkTable {
        var rows: [BenchmarkTable.Row] = []
        let query = IssuesAndCommentsForRepositoryQuery()
        for file in ["IssuesAndCommentsForRepository.json", "IssuesAndCommentsForRepository-x25.json"] {
            let url = options.paths.corpusFolder.appendingPathComponent("github/responses/\(file)")
            guard case .object(let body) = try JSONReader().read(try Data(contentsOf: url)),
                case .object(let data)? = body["data"]
            else { throw JSONBenchmarkFailure(message: "\(file): no data") }

            let plain = try Timing.measure(iterations: options.iterations) {
                try IssuesAndCommentsForRepositoryQuery.Data(data: data)
            }
            let store = CacheStore()
            let normalized = try Timing.measure(iterations: options.iterations) {
                try store.decode(query, data: data)
            }
            guard normalized.result.data == plain.result else {
                throw JSONBenchmarkFailure(message: "\(file): normalizing changed the decoded data")
            }
            rows.append(
                BenchmarkTable.Row(
                    step: "decode + normalize \(file)", ours: normalized.timing.median, baseline: plain.timing.median))

            let records = normalized.result.records
            let written = try Timing.measure(iterations: options.iterations) {
                let fresh = CacheStore()
                try fresh.publish(records)
                return fresh
            }
            rows.append(
                BenchmarkTable.Row(
                    step: "write \(records.count) records", ours: written.timing.median,
                    baseline: plain.timing.median))

            let read = try Timing.measure(iterations: options.iterations) { try written.result.read(query) }
            guard read.result == plain.result else {
                throw JSONBenchmarkFailure(message: "\(file): the cache read differs from the network decode")
            }
            rows.append(
                BenchmarkTable.Row(
                    step: "read back from memory \(file)", ours: read.timing.median, baseline: plain.timing.median))
        }
        return BenchmarkTable(
            suite: Self.name,
            caption: "median seconds; the baseline is decoding the same data into the generated types without a cache",
            baselineName: "decode only",
            rows: rows)
    }
}
