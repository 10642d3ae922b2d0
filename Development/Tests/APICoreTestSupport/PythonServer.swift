import Foundation

/// Launches the server scripts of `Tests/ReferenceServers` with the repository's Python environment.
enum PythonServer {
    /// Bootstraps Python if needed, launches `.venv/bin/python Tests/ReferenceServers/<script> <arguments>
    /// --parent-pid <this process>` and waits for its `LISTENING <port>` line; `name` names the server in errors.
    static func launch(_ script: String, arguments: [String], name: String) async throws -> (ChildProcess, port: Int) {
        try await PythonEnvironment.prepare()
        let path = RepositoryLayout.serversDirectory.appendingPathComponent(script).path
        let parent = ProcessInfo.processInfo.processIdentifier
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable: RepositoryLayout.python, arguments: [path] + arguments + ["--parent-pid", String(parent)],
                directory: RepositoryLayout.root)
        } catch {
            throw ReferenceServerError(
                .launchFailed, "could not launch \(RepositoryLayout.python.path) \(script): \(error)")
        }
        return (child, try await listeningPort(of: child, name: name))
    }

    /// The URL of `path` on the server at `baseURL`; `path` starts with "/" and may carry a percent-encoded query.
    /// `caller` names the method asked, for the precondition's message.
    static func url(_ path: String, on baseURL: URL, caller: String) -> URL {
        precondition(path.hasPrefix("/"), "\(caller) takes a path starting with \"/\", not \(path)")
        guard let url = URL(string: baseURL.absoluteString + path) else {
            preconditionFailure("\(caller): \(path) is not a valid, percent-encoded path")
        }
        return url
    }

    private static func listeningPort(of child: ChildProcess, name: String) async throws -> Int {
        switch await child.firstLine(startingWith: "LISTENING ", timeout: ReferenceServer.startTimeout) {
        case .found(let port):
            guard let port = Int(port.trimmingCharacters(in: .whitespaces)) else {
                child.terminate()
                throw ReferenceServerError(
                    .exitedEarly, "\(name) printed LISTENING without a port: '\(port)'",
                    outputTail: await child.errorTail.text())
            }
            return port
        case .outputEnded(let output):
            let status = await child.waitForExit(timeout: .seconds(10))
            let statusText = status.map { "with status \($0)" } ?? "its standard output"
            let stdout = output.isEmpty ? "" : " (standard output: \(output.prefix(500)))"
            throw ReferenceServerError(
                .exitedEarly, "\(name) closed \(statusText) before printing LISTENING\(stdout)",
                outputTail: await child.errorTail.text())
        case .timedOut:
            child.terminate()
            throw ReferenceServerError(
                .startTimedOut, "\(name) printed no LISTENING line within \(ReferenceServer.startTimeout)",
                outputTail: await child.errorTail.text())
        }
    }
}
