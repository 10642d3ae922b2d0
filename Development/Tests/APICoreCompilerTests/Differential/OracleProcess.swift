import APICoreTestSupport
import Foundation

/// The Python validation oracle's environment: `<root>/.venv-oracle` with graphql-core 3.2.8, bootstrapped once per
/// test process by `scripts/bootstrap-python.sh oracle`, and a way to run its scripts.
///
/// A bootstrap that fails is a test failure, never a skip: without the oracle the differential tests prove nothing.
enum OracleProcess {
    /// The repository root: this file is `<root>/Development/Tests/APICoreCompilerTests/Differential/OracleProcess.swift`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The shared corpus, `<root>/../shared/corpus`.
    static let corpus = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// The oracle's Python scripts.
    static let scripts = root.appendingPathComponent("Development/Tests/Oracle")

    /// The interpreter of the oracle's virtual environment.
    static let python = root.appendingPathComponent(".venv-oracle/bin/python")

    /// How long a cold bootstrap (creating the environment, installing from PyPI) may take.
    static let bootstrapTimeout: Duration = .seconds(600)

    /// The one bootstrap of this process; every caller awaits the same run.
    private static let bootstrap = Task<Void, any Error> {
        let script = root.appendingPathComponent("scripts/bootstrap-python.sh")
        let result = try await run(
            URL(fileURLWithPath: "/bin/bash"), [script.path, "oracle"], timeout: bootstrapTimeout)
        guard result.status == 0 else {
            throw OracleFailure("scripts/bootstrap-python.sh oracle exited with status \(result.status)", result)
        }
    }

    /// Returns once `.venv-oracle` is up to date, or throws what the bootstrap printed.
    static func prepare() async throws {
        try await bootstrap.value
    }

    /// Runs a script of `Tests/Oracle` with the oracle's interpreter (bootstrapping it first).
    static func runScript(_ name: String, _ arguments: [String], timeout: Duration) async throws -> ProcessResult {
        try await prepare()
        let script = scripts.appendingPathComponent(name).path
        let result = try await run(python, [script] + arguments, timeout: timeout)
        guard result.status == 0 else {
            throw OracleFailure("\(name) exited with status \(result.status)", result)
        }
        return result
    }

    /// Runs `executable` in the package root and returns its output once it has exited.
    static func run(_ executable: URL, _ arguments: [String], timeout: Duration) async throws -> ProcessResult {
        try await ChildProcess.run(executable, arguments, in: root, timeout: timeout)
    }
}

/// The oracle could not be bootstrapped or run: what failed, and the end of what it printed.
struct OracleFailure: Error, CustomStringConvertible {
    let description: String

    init(_ what: String, _ result: ProcessResult) {
        let output = String(decoding: result.output.suffix(4_000), as: UTF8.self)
        description = "\(what)\n--- stdout (end)\n\(output)\n--- stderr (end)\n\(result.error.suffix(8_000))"
    }
}
