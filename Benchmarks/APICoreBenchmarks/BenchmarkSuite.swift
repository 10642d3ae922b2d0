/// A named group of benchmarks that `APICoreBenchmarks NAME` runs and reports as one table.
///
/// To add one: a type conforming to this protocol, listed in ``BenchmarkSuites/all``. `all` runs every suite, in that
/// order.
protocol BenchmarkSuite: Sendable {
    /// The name on the command line (`compiler`).
    static var name: String { get }
    /// One line for `--list` and the usage text.
    static var abstract: String { get }

    /// A suite ready to run with `options`.
    init(options: BenchmarkOptions)

    /// Runs the suite and returns its results.
    func run() throws -> BenchmarkTable
}

/// The suites, in the order `all` runs them.
enum BenchmarkSuites {
    static let all: [any BenchmarkSuite.Type] = [JSONBenchmark.self, CompilerBenchmark.self, CacheBenchmark.self]

    /// The suite called `name`.
    static func named(_ name: String) -> (any BenchmarkSuite.Type)? {
        all.first { $0.name == name }
    }
}

/// What the command line sets for every suite.
struct BenchmarkOptions: Sendable {
    /// Timed iterations of each of our steps (after one warm-up run).
    var iterations = 10
    /// Timed iterations of each baseline step, where a baseline is slow (graphql-core).
    var baselineIterations = 5
    /// The paths of the repository and the corpus.
    var paths = BenchmarkPaths()
}
