import Foundation

/// Runs `scripts/bootstrap-python.sh` at most once per test process, before the first server starts.
enum PythonEnvironment {
    /// How long a cold bootstrap (creating the venv and installing from PyPI) may take.
    static let bootstrapTimeout: Duration = .seconds(600)

    /// The one bootstrap of this process; every caller awaits the same run, and a failure is reported to all.
    private static let bootstrap = Task<Void, any Error> {
        try await runBootstrap()
    }

    /// Returns once the virtual environment is up to date, or throws ``ReferenceServerError/Kind/bootstrapFailed``.
    static func prepare() async throws {
        try await bootstrap.value
    }

    private static func runBootstrap() async throws {
        let script = RepositoryLayout.bootstrapScript
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable: script, arguments: [], directory: RepositoryLayout.root, mergeOutput: true)
        } catch {
            throw ReferenceServerError(.bootstrapFailed, "could not run \(script.path): \(error)")
        }
        guard let status = await child.waitForExit(timeout: bootstrapTimeout) else {
            child.terminate()
            throw ReferenceServerError(
                .bootstrapFailed, "\(script.lastPathComponent) did not finish within \(bootstrapTimeout)",
                outputTail: await child.errorTail.text())
        }
        guard status == 0 else {
            throw ReferenceServerError(
                .bootstrapFailed, "\(script.lastPathComponent) exited with status \(status)",
                outputTail: await child.errorTail.text())
        }
    }
}
