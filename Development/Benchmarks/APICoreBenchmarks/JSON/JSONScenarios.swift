import APICoreGraphQL
import APICoreJSON
import Foundation

/// The JSON reader and writer alone on the 10.5 MB GitHub response, against Foundation's `JSONSerialization` on the
/// same bytes in the same process.
enum JSONScenarios {
    static let all = [
        BenchmarkScenario(
            name: "json.read",
            workload: "JSONReader reading the 10.5 MB response into JSONValue",
            baseline: "Foundation JSONSerialization.jsonObject on the same bytes",
            run: read),
        BenchmarkScenario(
            name: "json.write",
            workload: "JSONWriter writing the 10.5 MB response's JSONValue",
            baseline: "Foundation JSONSerialization.data writing the same response's Foundation objects",
            run: write),
    ]

    static func read(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let response = try GitHubResponse(GitHubResponse.x25, paths: context.paths)
        let ours = try Timing.measure(context.timing) { try JSONReader().read(response.bytes) }
        guard case .object(let object) = ours.result, object["data"] != nil else {
            throw BenchmarkFailure("JSONReader did not produce the response object")
        }
        let baseline = try Timing.measure(context.timing) { try response.parseWithFoundation() }
        return BenchmarkResult(ours: ours.timing, baseline: baseline.timing)
    }

    static func write(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let response = try GitHubResponse(GitHubResponse.x25, paths: context.paths)
        let value = try JSONReader().read(response.bytes)
        let object = try response.parseWithFoundation()
        let ours = Timing.measure(context.timing) { JSONWriter().write(value) }
        let baseline = try Timing.measure(context.timing) { try JSONSerialization.data(withJSONObject: object) }
        guard ours.result.count > response.bytes.count / 2, baseline.result.count > response.bytes.count / 2 else {
            throw BenchmarkFailure("a writer produced too little output")
        }
        return BenchmarkResult(ours: ours.timing, baseline: baseline.timing)
    }
}
