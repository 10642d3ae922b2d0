/// The `compiler` suite: our GraphQL front end against graphql-core 3.2.8 on GitHub's schemas and real operations.
///
/// Steps: parse the 1.2 MB GitHub schema; parse, build and validate it; build GitHawk's 2020 schema from
/// introspection JSON and parse + validate GitHawk's 14 operations and 14 fragments against it; build Apollo's copy
/// of the GitHub schema and parse + validate Apollo's GitHub operations against it. graphql-core does the same steps
/// in `Tests/Oracle/bench_graphql_core.py`, timed inside Python; each side reports medians.
struct CompilerBenchmark: BenchmarkSuite {
    static let name = "compiler"
    static let abstract = "parse, build and validate GitHub schemas and operations; graphql-core 3.2.8 as baseline"

    let options: BenchmarkOptions

    init(options: BenchmarkOptions) {
        self.options = options
    }

    func run() throws -> BenchmarkTable {
        let workload = try CompilerWorkload(paths: options.paths)
        var rows: [BenchmarkTable.Row] = []
        var measured: [(step: CompilerWorkload.Step, median: Double)] = []
        for step in workload.steps {
            let (timing, result) = try Timing.measure(iterations: options.iterations, step.work)
            if step.expectsNoErrors, result != 0 {
                throw CompilerBenchmarkFailure(message: "\(step.title): our validator found \(result) errors")
            }
            measured.append((step, timing.median))
        }

        let baseline = try GraphQLCoreBaseline.measure(paths: options.paths, iterations: options.baselineIterations)
        for (step, median) in measured {
            guard let theirs = baseline.step(step.id) else {
                throw CompilerBenchmarkFailure(message: "bench_graphql_core.py reported no step '\(step.id)'")
            }
            if step.expectsNoErrors, theirs.result != 0 {
                throw CompilerBenchmarkFailure(message: "\(step.title): graphql-core found \(theirs.result) errors")
            }
            rows.append(BenchmarkTable.Row(step: step.title, ours: median, baseline: theirs.medianSeconds))
        }
        let totalSteps = measured.filter(\.step.isInTotal)
        let theirTotal = totalSteps.compactMap { baseline.step($0.step.id)?.medianSeconds }.reduce(0, +)
        rows.append(
            BenchmarkTable.Row(
                step: "total (all but the parse-only step)", ours: totalSteps.map(\.median).reduce(0, +),
                baseline: theirTotal))
        return BenchmarkTable(
            suite: Self.name,
            caption: "APICoreCompiler against graphql-core \(baseline.graphqlCore) (Python \(baseline.python)); "
                + "medians of \(options.iterations) iterations (ours) and \(baseline.iterations) (graphql-core), "
                + "each after a warm-up run",
            baselineName: "graphql-core",
            rows: rows)
    }
}

/// The compiler suite could not measure what it promises.
struct CompilerBenchmarkFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
