import APICoreGraphQL
import Foundation

/// The response hot path: our JSON reader and writer against Foundation's `JSONSerialization` on the same bytes.
struct JSONBenchmark: BenchmarkSuite {
    static let name = "json"
    static let abstract = "read and write GitHub responses: JSONReader/JSONWriter against JSONSerialization"

    let options: BenchmarkOptions

    init(options: BenchmarkOptions) {
        self.options = options
    }

    func run() throws -> BenchmarkTable {
        var rows: [BenchmarkTable.Row] = []
        for file in ["IssuesAndCommentsForRepository.json", "IssuesAndCommentsForRepository-x25.json"] {
            let url = options.paths.corpusFolder.appendingPathComponent("github/responses/\(file)")
            let bytes = try Data(contentsOf: url)
            let megabytes = String(format: "%.1f MB", Double(bytes.count) / 1_000_000)

            let ours = try Timing.measure(iterations: options.iterations) { try JSONReader().read(bytes) }
            let theirs = try Timing.measure(iterations: options.baselineIterations) {
                try JSONSerialization.jsonObject(with: bytes)
            }
            guard case .object(let object) = ours.result, object["data"] != nil, theirs.result is NSDictionary else {
                throw JSONBenchmarkFailure(message: "\(file): the readers did not both produce the response object")
            }
            rows.append(
                BenchmarkTable.Row(
                    step: "read \(file) (\(megabytes))", ours: ours.timing.median, baseline: theirs.timing.median))

            let value = ours.result
            let written = Timing.measure(iterations: options.iterations) { JSONWriter().write(value) }
            let foundationObject = theirs.result
            let foundationWritten = try Timing.measure(iterations: options.baselineIterations) {
                try JSONSerialization.data(withJSONObject: foundationObject)
            }
            guard written.result.count > bytes.count / 2, foundationWritten.result.count > bytes.count / 2 else {
                throw JSONBenchmarkFailure(message: "\(file): a writer produced too little output")
            }
            rows.append(
                BenchmarkTable.Row(
                    step: "write \(file)", ours: written.timing.median, baseline: foundationWritten.timing.median))
        }
        return BenchmarkTable(
            suite: Self.name,
            caption:
                "median seconds; the baseline is Foundation's JSONSerialization on the same bytes, in this process",
            baselineName: "JSONSerialization",
            rows: rows)
    }
}

/// A JSON benchmark that could not check its own results.
struct JSONBenchmarkFailure: Error, CustomStringConvertible {
    let description: String

    init(message: String) {
        description = message
    }
}
