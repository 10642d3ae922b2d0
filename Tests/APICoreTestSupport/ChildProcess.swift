import Foundation

/// A launched child process whose standard output and standard error are drained for its whole life, so it never
/// blocks on a full pipe.
///
/// Standard output is handed out as a stream of chunks; standard error (or both, when merged) goes to an
/// ``OutputTail`` for error messages.
final class ChildProcess: Sendable {
    /// The launched process.
    let process: Process
    /// What the process writes to standard output (empty when output is merged into ``errorTail``).
    let output: AsyncStream<Data>
    /// The tail of standard error (and of standard output, when merged).
    let errorTail: OutputTail
    private let errorCollection: Task<Void, Never>

    /// Launches `executable`; with `mergeOutput`, standard output goes to ``errorTail`` too.
    init(executable: URL, arguments: [String], directory: URL, mergeOutput: Bool = false) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONUNBUFFERED"] = "1"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let errorPipe = Pipe()
        let outputPipe = mergeOutput ? errorPipe : Pipe()
        process.standardError = errorPipe
        process.standardOutput = outputPipe
        try process.run()
        self.process = process
        self.errorTail = OutputTail()
        self.errorCollection = errorTail.collect(Self.drain(errorPipe.fileHandleForReading, name: "stderr"))
        self.output =
            mergeOutput ? AsyncStream { $0.finish() } : Self.drain(outputPipe.fileHandleForReading, name: "stdout")
    }

    deinit {
        if process.isRunning {
            process.terminate()
        }
    }

    /// Waits, without blocking a thread, until the process has exited and its standard error is fully read;
    /// returns its exit status, or `nil` when it is still running after `timeout`.
    func waitForExit(timeout: Duration) async -> Int32? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while process.isRunning {
            guard clock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
        await errorCollection.value
        return process.terminationStatus
    }

    /// Sends SIGTERM, waits up to `grace` seconds, then SIGKILL; returns once the process has exited.
    func terminate(grace: TimeInterval = 5) {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        process.terminate()
        if !waitForDeath(of: pid, seconds: grace) {
            kill(pid, SIGKILL)
            _ = waitForDeath(of: pid, seconds: 60)
        }
    }

    /// Waits up to `seconds` for the process to end; `true` once it has.
    ///
    /// Foundation's `Process` sometimes misses a child's exit when several children end together: the child stays
    /// a zombie, `isRunning` stays true, and `waitUntilExit()` spins for ever (it once hung a whole test run). So a
    /// child that has been a zombie for a second is reaped here.
    private func waitForDeath(of pid: pid_t, seconds: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var zombieSince: Date?
        while Date() < deadline {
            guard process.isRunning else { return true }
            if Self.isZombie(pid) {
                let since = zombieSince ?? Date()
                zombieSince = since
                var status: Int32 = 0
                if Date().timeIntervalSince(since) > 1, waitpid(pid, &status, WNOHANG) == pid { return true }
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return !process.isRunning
    }

    /// Whether `pid` has exited and waits to be reaped (state `Z` in `/proc/<pid>/stat`).
    private static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    /// Reads `handle` on a dedicated thread until end of file; blocking reads keep the child's pipe empty.
    ///
    /// Uses read(2), which returns what is available, where `FileHandle.read(upToCount:)` on Linux waits for the
    /// full count.
    private static func drain(_ handle: FileHandle, name: String) -> AsyncStream<Data> {
        let (chunks, continuation) = AsyncStream.makeStream(of: Data.self)
        let thread = Thread {
            let descriptor = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    continuation.yield(Data(buffer[0..<count]))
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            try? handle.close()
            continuation.finish()
        }
        thread.name = "ReferenceServer \(name)"
        thread.start()
        return chunks
    }
}
