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
    /// The child's process identifier.
    public let processIdentifier: Int32
    private let exit: ChildExit
    private let errorCollection: Task<Void, Never>

    /// Launches `executable` with `arguments` in `directory` (the current one when `nil`), with `environment` added
    /// to this process's own; with `mergeOutput`, standard output goes to ``errorTail`` too. `errorLimit` is how
    /// many bytes of standard error ``errorTail`` keeps. Started with `posix_spawn` (see `ProcessSpawn`).
    public init(
        executable: URL, arguments: [String], directory: URL? = nil, environment: [String: String] = [:],
        mergeOutput: Bool = false, errorLimit: Int = 16 * 1024
    ) throws {
        var inherited = ProcessInfo.processInfo.environment
        inherited["PYTHONUNBUFFERED"] = "1"
        let path = executable.path
        let errorPipe = try ProcessSpawn.pipe(for: path)
        let outputPipe: (read: Int32, write: Int32)
        do {
            outputPipe = mergeOutput ? errorPipe : try ProcessSpawn.pipe(for: path)
        } catch {
            close(errorPipe.read)
            close(errorPipe.write)
            throw error
        }
        let pipes = mergeOutput ? [errorPipe] : [errorPipe, outputPipe]
        do {
            processIdentifier = try ProcessSpawn.launch(
                path, arguments: arguments, directory: directory?.path,
                environment: inherited.merging(environment) { $1 }, output: outputPipe.write, error: errorPipe.write)
        } catch {
            for pipe in pipes {
                close(pipe.read)
                close(pipe.write)
            }
            throw error
        }
        // The child has its own copies: end of file reaches the readers once it (and its children) close them.
        for pipe in pipes { close(pipe.write) }
        self.exit = ChildExit(pid: processIdentifier)
        self.errorTail = OutputTail(limit: errorLimit)
        self.errorCollection = errorTail.collect(Self.drain(errorPipe.read, name: "stderr"))
        self.output = mergeOutput ? AsyncStream { $0.finish() } : Self.drain(outputPipe.read, name: "stdout")
    }

    deinit {
        if exit.status == nil {
            Foundation.kill(processIdentifier, SIGTERM)
        }
    }

    /// Whether the child ended by a signal (a kill) rather than by exiting.
    public var diedOfSignal: Bool {
        guard let status = exit.status, status != -1 else { return false }
        return status & 0x7f != 0
    }

    /// Waits, without blocking a thread, until the process has exited and its standard error is fully read;
    /// returns its exit status (the signal's number when a signal ended it), or `nil` when it is still running
    /// after `timeout` or when the waiting task is cancelled (as a test's time limit does).
    public func waitForExit(timeout: Duration) async -> Int32? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while exit.status == nil {
            guard clock.now < deadline, !Task.isCancelled else { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
        await errorCollection.value
        return exitStatus
    }

    /// Sends SIGTERM, waits up to `grace` seconds, then SIGKILL; returns once the process has exited.
    public func terminate(grace: TimeInterval = 5) {
        guard exit.status == nil else { return }
        Foundation.kill(processIdentifier, SIGTERM)
        if !exit.wait(seconds: grace) {
            kill()
        }
    }

    /// Sends SIGKILL (the crash tests' way to stop a child at an arbitrary moment) and returns once it has died.
    public func kill() {
        guard exit.status == nil else { return }
        Foundation.kill(processIdentifier, SIGKILL)
        _ = exit.wait(seconds: 60)
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

    /// The exit code, or the number of the signal that ended the process.
    private var exitStatus: Int32 {
        guard let status = exit.status, status != -1 else { return -1 }
        return status & 0x7f != 0 ? status & 0x7f : (status >> 8) & 0xff
    }

    /// Reads `descriptor` on a dedicated thread until end of file, then closes it; blocking reads keep the child's
    /// pipe empty. read(2) returns what is available.
    private static func drain(_ descriptor: Int32, name: String) -> AsyncStream<Data> {
        let (chunks, continuation) = AsyncStream.makeStream(of: Data.self)
        let thread = Thread {
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
            close(descriptor)
            continuation.finish()
        }
        thread.name = "ChildProcess \(name)"
        thread.start()
        return chunks
    }
}
