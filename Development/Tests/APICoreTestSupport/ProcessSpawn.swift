import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a child process could not be started.
public struct ChildProcessLaunchError: Error, CustomStringConvertible {
    /// The program that was to run.
    public let executable: String
    /// What failed.
    public let step: String
    /// The `errno` value it failed with.
    public let code: Int32

    public var description: String {
        "cannot launch \(executable): \(step) failed: \(String(cString: strerror(code))) (\(code))"
    }
}

/// Starts programs with `posix_spawn`, without Foundation's `Process`.
///
/// On Linux, `Process.run()` reads the names of `/proc/self/fd` past the end of glibc's buffer and crashes the process
/// now and then (swift-corelibs-foundation pull request 5472, in Swift 6.3.1): in a test run the crash handler first
/// stops every thread while it writes a backtrace, for a minute on a busy machine, so unrelated calls ran out of
/// time before the run died. Spawning here never lists the descriptors: the child closes every one above standard
/// error itself (`posix_spawn_file_actions_addclosefrom_np`).
enum ProcessSpawn {
    /// A pipe whose ends are closed on exec: a child gets an end only by an explicit `dup2` onto 0, 1 or 2.
    static func pipe(for executable: String) throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        guard systemPipe(&descriptors) == 0 else {
            throw ChildProcessLaunchError(executable: executable, step: "pipe", code: errno)
        }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }

    /// Starts `executable` with standard input from `/dev/null`, standard output and error on the given descriptors,
    /// in `directory`, with exactly `environment`, every signal at its default action and none blocked.
    static func launch(
        _ executable: String, arguments: [String], directory: String?, environment: [String: String],
        output: Int32, error: Int32
    ) throws -> pid_t {
        func check(_ result: Int32, _ step: String) throws {
            guard result == 0 else { throw ChildProcessLaunchError(executable: executable, step: step, code: result) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        try check(posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0), "opening /dev/null")
        try check(posix_spawn_file_actions_adddup2(&actions, output, 1), "redirecting standard output")
        try check(posix_spawn_file_actions_adddup2(&actions, error, 2), "redirecting standard error")
        if let directory {
            // A directory that is not there fails the spawn as a missing program would: say which it was.
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw ChildProcessLaunchError(executable: executable, step: "changing to \(directory)", code: ENOENT)
            }
            try check(GNUSpawnActions.shared.addChangeDirectory(&actions, directory), "changing to \(directory)")
        }
        try check(GNUSpawnActions.shared.addCloseFrom(&actions, 3), "closing inherited descriptors")

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        var blocked = sigset_t()
        sigemptyset(&blocked)
        try check(posix_spawnattr_setsigdefault(&attributes, &defaults), "resetting signals")
        try check(posix_spawnattr_setsigmask(&attributes, &blocked), "unblocking signals")
        try check(
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)),
            "setting spawn flags")

        let argv = CStrings([executable] + arguments)
        let envp = CStrings(environment.map { "\($0.key)=\($0.value)" })
        defer {
            argv.free()
            envp.free()
        }
        var pid: pid_t = 0
        try check(posix_spawn(&pid, executable, &actions, &attributes, argv.pointers, envp.pointers), "posix_spawn")
        return pid
    }

    #if canImport(Glibc)
        private static let systemPipe = Glibc.pipe
    #else
        private static let systemPipe = Darwin.pipe
    #endif
}

/// A null-terminated array of C strings, owned until ``free()``.
private struct CStrings {
    var pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    func free() {
        for pointer in pointers { Foundation.free(pointer) }
    }
}

/// The two spawn actions glibc declares only under `_GNU_SOURCE`, which Swift's C importer does not define: looked up
/// by name in the running process. A C library without them fails the launch loudly instead of leaking descriptors.
private struct GNUSpawnActions: Sendable {
    typealias AddChangeDirectory =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    static let shared = GNUSpawnActions()

    private let changeDirectory: AddChangeDirectory?
    private let closeFrom: AddCloseFrom?

    private init() {
        let process = dlopen(nil, RTLD_NOW)
        changeDirectory = dlsym(process, "posix_spawn_file_actions_addchdir_np").map {
            unsafeBitCast($0, to: AddChangeDirectory.self)
        }
        closeFrom = dlsym(process, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: AddCloseFrom.self)
        }
    }

    func addChangeDirectory(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String) -> Int32 {
        guard let changeDirectory else { return ENOSYS }
        return changeDirectory(actions, path)
    }

    func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32 {
        guard let closeFrom else { return ENOSYS }
        return closeFrom(actions, lowest)
    }
}

/// The exit of a child, reaped by a thread of its own that waits in `waitpid`.
final class ChildExit: Sendable {
    private let condition = NSCondition()
    // Safety: written once by the reaping thread and read by anyone, always with `condition` held.
    nonisolated(unsafe) private var rawStatus: Int32?

    init(pid: pid_t) {
        let thread = Thread { [self] in
            var status: Int32 = 0
            var result = waitpid(pid, &status, 0)
            while result == -1 && errno == EINTR { result = waitpid(pid, &status, 0) }
            condition.withLock {
                // -1: reaped by someone else, so its status is unknown; still, it has ended.
                rawStatus = result == pid ? status : -1
                condition.broadcast()
            }
        }
        thread.name = "ChildProcess waitpid \(pid)"
        thread.start()
    }

    /// The raw wait status once the child has ended.
    var status: Int32? { condition.withLock { rawStatus } }

    /// Blocks up to `seconds` for the child to end; `true` once it has.
    func wait(seconds: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        return condition.withLock {
            while rawStatus == nil {
                if !condition.wait(until: deadline) { return rawStatus != nil }
            }
            return true
        }
    }
}
