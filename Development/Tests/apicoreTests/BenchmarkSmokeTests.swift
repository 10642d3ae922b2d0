import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Foundation
import Testing

/// The debug-built `apicore-bench` runs its scenarios once each (no warm-up) and reports every one as a JSON line with
/// positive figures. Only the shape is checked: timings on a shared machine are not something a test can assert.
@Suite("apicore-bench smoke run")
struct BenchmarkSmokeTests {
    /// The fields every line carries.
    static let numberFields = ["median_ms", "baseline_median_ms", "ratio", "min_ms", "max_ms"]

    /// The scenarios that need nothing beyond the corpus and a loopback port (on Linux, the HTTP ones against a bare
    /// AsyncHTTPClient too).
    static let swiftOnly =
        [
            "response.decode_normalize", "response.decode_normalize_x25", "cache.read_memory", "cache.write_sqlite",
            "cache.read_sqlite", "cache.read_sqlite_concurrent", "cache.pool_stall", "watch.fanout",
            "cache.read_sqlite_large", "json.read", "json.write", "http.query", "http.query_16",
        ] + asyncHTTPClientBaselines + ["http.soak"]

    #if os(Linux)
        static let asyncHTTPClientBaselines = ["http.query.vs_ahc", "http.query_16.vs_ahc"]
    #else
        static let asyncHTTPClientBaselines: [String] = []
    #endif
    /// The scenarios whose baseline is graphql-core in the oracle's Python environment.
    static let graphQLCore = ["compiler.github", "codegen.github", "codegen.scale"]

    /// Under CI every prerequisite must be there (the benchmark bootstraps graphql-core's environment itself and
    /// fails loudly when it cannot); elsewhere the graphql-core scenarios run once the environment exists.
    static var graphQLCoreAvailable: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
            || FileManager.default.isExecutableFile(
                atPath: root.appendingPathComponent(".venv-oracle/bin/python").path)
    }

    /// The library package, the repository root.
    static let root = RepositoryLayout.root

    @Test("the Swift-only scenarios each print a JSON line with positive figures")
    func swiftOnlyScenarios() async throws {
        let lines = try await run(Self.swiftOnly, extra: ["--requests", "64"])
        #expect(lines.map(\.name) == Self.swiftOnly)
        let x25 = try #require(lines.first { $0.name == "response.decode_normalize_x25" })
        for key in ["input_bytes", "peak_rss_bytes", "startup_rss_bytes", "baseline_peak_rss_bytes"] {
            #expect((x25.object[key]?.doubleValue ?? 0) > 0, "x25 reports \(key)")
        }
        #expect((x25.object["input_bytes"]?.doubleValue ?? 0) > 10_000_000, "the x25 file is 10.5 MB")
    }

    @Test("the compiler and codegen scenarios print graphql-core's figures", .enabled(if: graphQLCoreAvailable))
    func graphQLCoreScenarios() async throws {
        let lines = try await run(Self.graphQLCore, extra: [])
        #expect(lines.map(\.name) == Self.graphQLCore)
    }

    @Test("--list names every scenario of the issue")
    func listNamesScenarios() async throws {
        let result = try await APICoreExecutable.runProcess(Self.executable, ["--list"])
        #expect(result.status == 0, "\(result.error)")
        let names = Set(result.output.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init))
        #expect(names == Set(Self.swiftOnly + Self.graphQLCore))
    }

    @Test("an unknown scenario is a usage error")
    func unknownScenario() async throws {
        let result = try await APICoreExecutable.runProcess(Self.executable, ["--only", "no.such"])
        #expect(result.status == 2)
        #expect(result.error.contains("unknown scenario 'no.such'"))
    }

    @Test("--profile-side runs one side in both slots of an http scenario, and each line says which")
    func profiledSide() async throws {
        let lines = try await run(["http.query"], extra: ["--requests", "16", "--profile-side", "ours"])
        #expect(lines.map { $0.object["profiled_side"]?.stringValue } == ["ours"])
        let unprofiled = try await run(["http.query"], extra: ["--requests", "16"])
        #expect(unprofiled.map { $0.object["profiled_side"] } == [nil])
    }

    @Test("--profile-side takes only ours or baseline")
    func profiledSideValues() async throws {
        let result = try await APICoreExecutable.runProcess(Self.executable, ["--profile-side", "both"])
        #expect(result.status == 2)
        #expect(result.error.contains("--profile-side needs 'ours' or 'baseline'"))
    }

    /// The executable in the build products folder (`$APICORE_BENCH_EXECUTABLE` overrides it).
    static let executable = BuildProducts.executable(
        named: "apicore-bench", environmentOverride: "APICORE_BENCH_EXECUTABLE")

    /// One parsed JSON line.
    struct Line {
        let name: String
        let object: JSONObject
    }

    /// Runs the scenarios once each with `--json`; each line parsed and checked for the fields.
    private func run(_ scenarios: [String], extra: [String]) async throws -> [Line] {
        #expect(
            FileManager.default.isExecutableFile(atPath: Self.executable.path),
            "build apicore-bench first: swift build --product apicore-bench")
        let arguments =
            ["--json", "--iterations", "1", "--warmup", "0", "--only", scenarios.joined(separator: ",")] + extra
        let result = try await APICoreExecutable.runProcess(Self.executable, arguments)
        try #require(result.status == 0, "apicore-bench failed: \(result.error)")
        return try result.output.split(separator: "\n").map { text in
            guard case .object(let object) = try JSONReader().read(String(text)) else {
                throw BenchmarkSmokeFailure("not a JSON object: \(text)")
            }
            let name = try #require(object["name"]?.stringValue, "a name in \(text)")
            let baseline = object["baseline"]?.stringValue ?? ""
            #expect(baseline.count > 0, "\(name) names its baseline")
            for field in Self.numberFields {
                let value = object[field]?.doubleValue ?? 0
                #expect(value > 0, "\(name): \(field) is a positive number")
            }
            return Line(name: name, object: object)
        }
    }
}

/// The benchmark printed something that is not a JSON line.
struct BenchmarkSmokeFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
