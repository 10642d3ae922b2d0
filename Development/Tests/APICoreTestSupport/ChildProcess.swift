import Foundation

/// The test suites' one way to run another program: a launched child process whose standard output and standard
/// error are drained on dedicated threads for its whole life, so it never blocks on a full pipe and no waiting holds
/// a thread of Swift's cooperative pool (two on a two-core CI machine).
///
/// Long-lived children (reference servers, proxies, the crash-test writer) are launched with the initializer and
/// read through ``output``, ``lines()`` or ``firstLine(startingWith:timeout:)``; a command run to completion
/// goes through ``run(_:_:in:timeout:)``.
public final class ChildProcess: Sendable {
    /// What the process writes to standard output (empty when output is merged into ``errorTail``).
    public let output: AsyncStream<Data>
    /// The tail of standard error (and of standard output, when merged).
    public let errorTail: OutputTail
    private let process: Process
    private let errorCollection: Task<Void, Never>
    /// The exit status of a child reaped here because Foundation missed its exit.
    private let reapedStatus = ReapedStatus()

    /// Launches `executable` with `arguments` in `directory` (the current one when `nil`), with `environment` added
    /// to this process's own; with `mergeOutput`, standard output goes to ``errorTail`` too. `errorLimit` is how
    /// many bytes of standard error ``errorTail`` keeps.
    public init(
        executable: URL, arguments: [String], directory: URL? = nil, environment: [String: String] = [:],
        mergeOutput: Bool = false, errorLimit: Int = 16 * 1024
    ) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var inherited = ProcessInfo.processInfo.environment
        inherited["PYTHONUNBUFFERED"] = "1"
        process.environment = inherited.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        let errorPipe = Pipe()
        let outputPipe = mergeOutput ? errorPipe : Pipe()
        process.standardError = errorPipe
        process.standardOutput = outputPipe
        try process.run()
        self.process = process
        self.errorTail = OutputTail(limit: errorLimit)
        self.errorCollection = errorTail.collect(Self.drain(errorPipe.fileHandleForReading, name: "stderr"))
        self.output =
            mergeOutput ? AsyncStream { $0.finish() } : Self.drain(outputPipe.fileHandleForReading, name: "stdout")
    }

    deinit {
        if process.isRunning {
            process.terminate()
        }
    }

    /// The child's process identifier.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the child ended by a signal (a kill) rather than by exiting.
    public var diedOfSignal: Bool {
        if let status = reapedStatus.value { return status & 0x7f != 0 }
        return !process.isRunning && process.terminationReason == .uncaughtSignal
    }

    /// Waits, without blocking a thread, until the process has exited and its standard error is fully read;
    /// returns its exit status (the signal's number when a signal ended it), or `nil` when it is still running
    /// after `timeout`.
    public func waitForExit(timeout: Duration) async -> Int32? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var zombieSince: ContinuousClock.Instant?
        while process.isRunning {
            guard clock.now < deadline else { return nil }
            if reapIfZombie(since: &zombieSince) { break }
            try? await Task.sleep(for: .milliseconds(20))
        }
        await errorCollection.value
        return exitStatus
    }

    /// Sends SIGTERM, waits up to `grace` seconds, then SIGKILL; returns once the process has exited.
    public func terminate(grace: TimeInterval = 5) {
        guard process.isRunning else { return }
        process.terminate()
        if !waitForDeath(seconds: grace) {
            kill()
        }
    }

    /// Sends SIGKILL (the crash tests' way to stop a child at an arbitrary moment) and returns once it has died.
    public func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        _ = waitForDeath(seconds: 60)
    }

    /// Standard output as lines, without their newlines; a last line cut short by the end of output is dropped.
    /// It consumes ``output``, so call it once.
    public func lines() -> AsyncStream<String> {
        let output = output
        return AsyncStream { continuation in
            let reading = Task {
                var pending: [UInt8] = []
                for await chunk in output {
                    pending.append(contentsOf: chunk)
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        continuation.yield(String(decoding: pending[..<newline], as: UTF8.self))
                        pending.removeSubrange(...newline)
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in reading.cancel() }
        }
    }

    /// What ``firstLine(startingWith:timeout:)`` found.
    public enum LineSearch: Sendable, Equatable {
        /// The first line with the prefix, without the prefix.
        case found(String)
        /// Standard output ended first; everything it printed.
        case outputEnded(String)
        /// Nothing matched within the time allowed.
        case timedOut
    }

    /// Reads standard output (through ``lines()``) until a line starts with `prefix`, such as a server's
    /// `LISTENING <port>`.
    public func firstLine(startingWith prefix: String, timeout: Duration) async -> LineSearch {
        let lines = lines()
        return await withTaskGroup(of: LineSearch.self) { group in
            group.addTask {
                var printed = ""
                for await line in lines {
                    if line.hasPrefix(prefix) { return .found(String(line.dropFirst(prefix.count))) }
                    printed += line + "\n"
                }
                return .outputEnded(printed)
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return .timedOut
            }
            let first = await group.next() ?? .timedOut
            group.cancelAll()
            return first
        }
    }

    private var exitStatus: Int32 {
        if let status = reapedStatus.value {
            return status & 0x7f != 0 ? status & 0x7f : (status >> 8) & 0xff
        }
        return process.terminationStatus
    }

    /// Waits up to `seconds` for the process to end; `true` once it has.
    private func waitForDeath(seconds: TimeInterval) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(seconds))
        var zombieSince: ContinuousClock.Instant?
        while clock.now < deadline {
            guard process.isRunning else { return true }
            if reapIfZombie(since: &zombieSince) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return !process.isRunning
    }

    /// Reaps the child when it has been a zombie for a second; `true` once reaped.
    ///
    /// Foundation's `Process` sometimes misses a child's exit when several children end together: the child stays
    /// a zombie, `isRunning` stays true, and `waitUntilExit()` spins for ever (it once hung a whole test run).
    private func reapIfZombie(since zombieSince: inout ContinuousClock.Instant?) -> Bool {
        let pid = process.processIdentifier
        guard Self.isZombie(pid) else { return false }
        let clock = ContinuousClock()
        let since = zombieSince ?? clock.now
        zombieSince = since
        guard since.duration(to: clock.now) > .seconds(1) else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        reapedStatus.set(status)
        return true
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
        thread.name = "ChildProcess \(name)"
        thread.start()
        return chunks
    }
}

/// The raw wait status of a child that ``ChildProcess`` reaped itself.
private final class ReapedStatus: Sendable {
    // Safety: written once, by the waiter that reaped the child, before any read that can see it set; reads and the
    // write go through the lock.
    private let lock = NSLock()
    nonisolated(unsafe) private var status: Int32?

    var value: Int32? { lock.withLock { status } }

    func set(_ value: Int32) { lock.withLock { status = value } }
}
