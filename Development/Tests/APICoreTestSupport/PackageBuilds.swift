import Foundation

/// Whether the tests that build a package of their own in a child `swift build` (the fixture package, the hostile-names
/// package, the build plugin's package) run: minutes of compiling on a shared machine.
///
/// `APICORE_BUILD_FIXTURES=1` turns them on and `APICORE_BUILD_FIXTURES=0` off; unset, they run under CI (`CI=true`)
/// and not on a developer's machine. The sanitizer passes turn them off: the child compiler is not instrumented, so
/// there they would add only load, which starves the loopback servers of the tests running beside them.
public enum PackageBuilds {
    /// Whether they run in this process.
    public static var areEnabled: Bool {
        let environment = ProcessInfo.processInfo.environment
        switch environment["APICORE_BUILD_FIXTURES"] {
        case "1": return true
        case "0": return false
        default: return environment["CI"] == "true"
        }
    }
}

extension PackageBuilds {
    /// Runs `swift` with `arguments` (a build, or a run that builds) in `directory`: one such child at a time in this
    /// process, at the lowest CPU priority.
    ///
    /// Three child builds at once, each using every core, starved the loopback servers of the live tests running
    /// beside them. At the lowest priority, one at a time, a build takes the CPU the tests leave.
    public static func swift(_ arguments: [String], in directory: URL? = nil) async throws -> ProcessResult {
        try await turns.take {
            try await ChildProcess.run(["nice", "-n", "19", "swift"] + arguments, in: directory)
        }
    }

    private static let turns = Turns()
}

/// Runs one body at a time, in the order they asked.
private actor Turns {
    private var isBusy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if isBusy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            isBusy = true
        }
        defer { handOn() }
        return try await body()
    }

    private func handOn() {
        if waiting.isEmpty {
            isBusy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
