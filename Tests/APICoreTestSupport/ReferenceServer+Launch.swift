import Foundation

extension ReferenceServer {
    /// Bootstraps Python if needed, launches the server script and waits for its `LISTENING <port>` line.
    static func launch(_ implementation: Implementation, port: Int, isShared: Bool) async throws -> ReferenceServer {
        try await PythonEnvironment.prepare()
        let script = RepositoryLayout.serversDirectory.appendingPathComponent(implementation.scriptName)
        let parent = ProcessInfo.processInfo.processIdentifier
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable: RepositoryLayout.python,
                arguments: [script.path, "--port", String(port), "--parent-pid", String(parent)],
                directory: RepositoryLayout.root)
        } catch {
            throw ReferenceServerError(
                .launchFailed, "could not launch \(RepositoryLayout.python.path) \(script.lastPathComponent): \(error)")
        }
        let boundPort = try await listeningPort(of: child, implementation: implementation, timeout: startTimeout)
        return ReferenceServer(implementation: implementation, port: boundPort, child: child, isShared: isShared)
    }

    private static func listeningPort(
        of child: ChildProcess, implementation: Implementation, timeout: Duration
    ) async throws -> Int {
        switch await child.firstLine(startingWith: "LISTENING ", timeout: timeout) {
        case .found(let port):
            guard let port = Int(port.trimmingCharacters(in: .whitespaces)) else {
                child.terminate()
                throw ReferenceServerError(
                    .exitedEarly, "the \(implementation) server printed LISTENING without a port: '\(port)'",
                    outputTail: await child.errorTail.text())
            }
            return port
        case .outputEnded(let output):
            let status = await child.waitForExit(timeout: .seconds(10))
            let statusText = status.map { "with status \($0)" } ?? "its standard output"
            let stdout = output.isEmpty ? "" : " (standard output: \(output.prefix(500)))"
            throw ReferenceServerError(
                .exitedEarly, "the \(implementation) server closed \(statusText) before printing LISTENING\(stdout)",
                outputTail: await child.errorTail.text())
        case .timedOut:
            child.terminate()
            throw ReferenceServerError(
                .startTimedOut, "the \(implementation) server printed no LISTENING line within \(timeout)",
                outputTail: await child.errorTail.text())
        }
    }
}
