import Foundation

/// graphql-core 3.2.8 doing the compiler suite's work: `Tests/Oracle/bench_graphql_core.py`, run with the oracle's
/// environment `.venv-oracle` (bootstrapped first by `scripts/bootstrap-python.sh oracle`).
struct GraphQLCoreBaseline: Decodable, Sendable {
    /// One step as Python timed it.
    struct Step: Decodable, Sendable {
        let id: String
        /// The median of the timed iterations, in seconds (time.perf_counter).
        let medianSeconds: Double
        /// What the step produced: a count of definitions, types or validation errors.
        let result: Int

        private enum CodingKeys: String, CodingKey {
            case id
            case medianSeconds = "median_seconds"
            case result
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

    /// Bootstraps the environment, runs the script and decodes its report.
    static func measure(paths: BenchmarkPaths, iterations: Int) throws -> GraphQLCoreBaseline {
        let bash = URL(fileURLWithPath: "/bin/bash")
        let bootstrap = try ChildProcess.run(
            bash, [paths.root.appendingPathComponent("scripts/bootstrap-python.sh").path, "oracle"], in: paths.root)
        guard bootstrap.status == 0 else {
            throw ChildProcessFailure("scripts/bootstrap-python.sh oracle failed", bootstrap)
        }
        let python = paths.root.appendingPathComponent(".venv-oracle/bin/python")
        let script = paths.root.appendingPathComponent("Tests/Oracle/bench_graphql_core.py")
        let run = try ChildProcess.run(
            python,
            [script.path, "--corpus", paths.corpusFolder.path, "--iterations", String(iterations)],
            in: paths.root)
        guard run.status == 0 else {
            throw ChildProcessFailure("Tests/Oracle/bench_graphql_core.py failed", run)
        }
        return try JSONDecoder().decode(GraphQLCoreBaseline.self, from: run.output)
    }
}
