import APICoreGraphQL
import DevelopmentSupport
import Foundation

/// graphql-core 3.2.8 doing the compiler's work: `Tests/Oracle/bench_graphql_core.py`, run with the oracle's
/// environment `.venv-oracle` (bootstrapped first by `scripts/bootstrap-python.sh oracle`).
struct GraphQLCoreBaseline: Decodable, Sendable {
    /// One step as Python timed it.
    struct Step: Decodable, Sendable {
        let id: String
        /// The median of the timed iterations, in seconds (time.perf_counter).
        let medianSeconds: Double
        /// Every timed iteration, in seconds.
        let samples: [Double]
        /// What the step produced: a count of definitions, types or validation errors.
        let result: Int

        private enum CodingKeys: String, CodingKey {
            case id
            case medianSeconds = "median_seconds"
            case samples, result
        }
    }

    /// graphql-core's version.
    let graphqlCore: String
    /// Python's version.
    let python: String
    let iterations: Int
    let steps: [Step]

    private enum CodingKeys: String, CodingKey {
        case graphqlCore = "graphql_core"
        case python, iterations, steps
    }

    /// The step with `id`.
    func step(_ id: String) -> Step? {
        steps.first { $0.id == id }
    }

    /// The steps `ids` as one piece of work: iteration by iteration, the sum of their samples. Validation steps must
    /// have found no errors.
    func total(of ids: [String]) throws -> Timing {
        var samples = [Double](repeating: 0, count: iterations)
        for id in ids {
            guard let step = step(id), step.samples.count == iterations else {
                throw BenchmarkFailure("bench_graphql_core.py reported no step '\(id)'")
            }
            if id.hasSuffix("-operations"), step.result != 0 {
                throw BenchmarkFailure("graphql-core found \(step.result) errors in \(id)")
            }
            for (index, sample) in step.samples.enumerated() { samples[index] += sample }
        }
        return Timing(samples: samples)
    }

    /// Bootstraps the environment, runs the script and decodes its report.
    static func measure(paths: BenchmarkPaths, iterations: Int) throws -> GraphQLCoreBaseline {
        let bash = URL(fileURLWithPath: "/bin/bash")
        let bootstrap = try ChildProcess.run(
            bash, [paths.root.appendingPathComponent("scripts/bootstrap-python.sh").path, "oracle"], in: paths.root)
        guard bootstrap.status == 0 else {
            throw ChildProcessFailure("scripts/bootstrap-python.sh oracle failed", bootstrap)
        }
        // The generated app of `codegen.scale`, as its own files: graphql-core reads what our generator reads.
        let scale = try BenchmarkPaths.scratchFolder("apicore-bench-scale-baseline")
        defer { try? FileManager.default.removeItem(at: scale) }
        try CodegenScaleWorkload(paths: paths).write(to: scale)
        let python = paths.root.appendingPathComponent(".venv-oracle/bin/python")
        let script = paths.root.appendingPathComponent("Development/Tests/Oracle/bench_graphql_core.py")
        let run = try ChildProcess.run(
            python,
            [
                script.path, "--corpus", paths.corpusFolder.path, "--scale-operations", scale.path,
                "--iterations", String(iterations),
            ],
            in: paths.root)
        guard run.status == 0 else {
            throw ChildProcessFailure("Tests/Oracle/bench_graphql_core.py failed", run)
        }
        return try JSONDecoder().decode(GraphQLCoreBaseline.self, from: run.output)
    }

    /// One measurement per benchmark run, taken when a scenario first asks and shared with the others.
    final class Cache: Sendable {
        private let paths: BenchmarkPaths
        private let iterations: Int
        private let measured = Lock<GraphQLCoreBaseline?>(nil)

        init(paths: BenchmarkPaths, timing: TimingSettings) {
            self.paths = paths
            iterations = timing.iterations
        }

        /// graphql-core's measurement, run now if no scenario asked before.
        func value() throws -> GraphQLCoreBaseline {
            try measured.withLock { measured in
                if let measured { return measured }
                let baseline = try GraphQLCoreBaseline.measure(paths: paths, iterations: iterations)
                measured = baseline
                return baseline
            }
        }
    }
}
