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

    private enum StartOutcome: Sendable {
        case listening(port: Int)
        case outputEnded(output: String)
        case timedOut
    }

    private static func listeningPort(
        of child: ChildProcess, implementation: Implementation, timeout: Duration
    ) async throws -> Int {
        let outcome = await withTaskGroup(of: StartOutcome.self) { group in
            group.addTask { await scanForListeningLine(child.output) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return .timedOut
            }
            let first = await group.next() ?? .timedOut
            group.cancelAll()
            return first
        }
        switch outcome {
        case .listening(let port):
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

    private static func scanForListeningLine(_ output: AsyncStream<Data>) async -> StartOutcome {
        var received = Data()
        for await chunk in output {
            received.append(chunk)
            let lines = String(decoding: received, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            for line in lines.dropLast() where line.hasPrefix("LISTENING ") {
                if let port = Int(line.dropFirst("LISTENING ".count).trimmingCharacters(in: .whitespaces)) {
                    return .listening(port: port)
                }
            }
        }
        return .outputEnded(output: String(decoding: received, as: UTF8.self))
    }
}
