/// One row of the benchmark: our work and the baseline it is compared with, measured in the same run.
///
/// To add one: a value in ``BenchmarkScenarios/all`` whose `run` measures both sides with the context's settings and
/// checks that both did the work (so that neither can be optimised away or silently fail).
struct BenchmarkScenario: Sendable {
    /// The name on the command line and in reports (`response.decode_normalize`).
    let name: String
    /// What our side does, for `--list` and the report.
    let workload: String
    /// What the baseline is.
    let baseline: String
    /// Measures both sides.
    let run: @Sendable (BenchmarkContext) async throws -> BenchmarkResult
}

/// What a scenario measured.
struct BenchmarkResult: Sendable {
    /// Our side.
    let ours: Timing
    /// The baseline, in the same run.
    let baseline: Timing
    /// Further figures for the JSON line (peak memory), by key.
    var extra: [(key: String, value: Double)] = []

    /// Our median over the baseline's: below 1 we are faster.
    var ratio: Double { ours.median / baseline.median }
}

/// The scenarios in the order a run measures them.
enum BenchmarkScenarios {
    static let all: [BenchmarkScenario] =
        ResponseScenarios.all + CacheScaleScenarios.all + JSONScenarios.all + CompilerScenarios.all + HTTPScenarios.all
        + [SoakScenario.scenario]

    /// The scenario called `name`.
    static func named(_ name: String) -> BenchmarkScenario? {
        all.first { $0.name == name }
    }
}

/// What the command line sets for every scenario, and what scenarios share within one run.
final class BenchmarkContext: Sendable {
    /// Warm-up and timed runs of each side.
    let timing: TimingSettings
    /// The repository and corpus paths.
    let paths: BenchmarkPaths
    /// The queries each `http.*` iteration sends.
    let requests: Int
    /// graphql-core's measurements, taken once and shared by the compiler and codegen scenarios.
    let graphQLCore: GraphQLCoreBaseline.Cache

    init(timing: TimingSettings, paths: BenchmarkPaths, requests: Int) {
        self.timing = timing
        self.paths = paths
        self.requests = requests
        graphQLCore = GraphQLCoreBaseline.Cache(paths: paths, timing: timing)
    }
}

/// A scenario found its own results wrong: the sides did not do the same work, or the work failed.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String

    init(_ message: String) {
        description = message
    }
}
