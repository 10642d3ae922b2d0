import Foundation

/// What a program run to completion printed and how it exited.
public struct ProcessResult: Sendable {
    /// The exit status (the signal's number when a signal ended it, as when it ran out of time).
    public let status: Int32
    /// Standard output.
    public let output: Data
    /// Standard error.
    public let error: String

    /// Standard output as UTF-8 text.
    public var text: String { String(decoding: output, as: UTF8.self) }
}

extension ChildProcess {
    /// Runs `executable` with `arguments` in `directory` and returns once it has exited; one still running after
    /// `timeout`, or when the calling task is cancelled (a test's time limit), is terminated.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(3_600)
    ) async throws -> ProcessResult {
        let child = try ChildProcess(
            executable: executable, arguments: arguments, directory: directory, environment: environment,
            errorLimit: 64 * 1024 * 1024)
        let output = Task {
            var collected = Data()
            for await chunk in child.output { collected.append(chunk) }
            return collected
        }
        var status = await child.waitForExit(timeout: timeout)
        if status == nil {
            child.terminate()
            status = await child.waitForExit(timeout: .seconds(60))
        }
        return ProcessResult(status: status ?? SIGKILL, output: await output.value, error: await child.errorTail.text())
    }

    /// Runs `command` (a program found on `PATH`, then its arguments) the same way.
    public static func run(
        _ command: [String], in directory: URL? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(3_600)
    ) async throws -> ProcessResult {
        try await run(
            URL(fileURLWithPath: "/usr/bin/env"), command, in: directory, environment: environment, timeout: timeout)
    }
}
