import APICoreTestSupport
import Foundation
import Testing

/// The suites' child processes (reference servers, crash-test writers, package builds) are started with
/// `posix_spawn`: Foundation's `Process.run()` on Linux now and then crashes the whole test run while it lists the
/// open descriptors. What the tests rely on: the exit code or signal, the working directory and environment, output
/// read to its end, no descriptor of the test process leaking into a child, and a typed error for what cannot start.
@Suite("Child processes")
struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("exit codes, standard output and standard error come back as the child wrote them")
    func exitCodeAndOutput() async throws {
        let result = try await ChildProcess.run(Self.shell, ["-c", "printf 'out'; printf 'err' >&2; exit 7"])
        #expect(result.status == 7)
        #expect(result.text == "out")
        #expect(result.error == "err")
    }

    @Test("a child starts in the directory given, with the environment given added to the test's own")
    func directoryAndEnvironment() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ChildProcess.run(
            Self.shell, ["-c", "pwd -P; echo \"$APICORE_CHILD_TEST\"; test -n \"$PATH\" && echo inherited"],
            in: directory, environment: ["APICORE_CHILD_TEST": "a value"])
        let expected = directory.resolvingSymlinksInPath().path
        #expect(result.status == 0)
        #expect(result.text.split(separator: "\n") == [Substring(expected), "a value", "inherited"])
    }

    @Test("a child sees only standard input, output and error of the test process's descriptors")
    func noDescriptorLeaks() async throws {
        // Descriptors the test process holds open while the child starts: a file and a pipe of another child.
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("held")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let held = try FileHandle(forWritingTo: file)
        defer { try? held.close() }
        let sleeper = try ChildProcess(executable: Self.shell, arguments: ["-c", "sleep 30"])
        defer { sleeper.kill() }
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/ls"), ["/proc/self/fd"])
        // ls itself opens one descriptor to list the directory.
        let open = result.text.split(separator: "\n").compactMap { Int($0) }.filter { $0 > 2 }
        #expect(result.status == 0)
        #expect(open.count <= 1, "the child inherited descriptors \(open)")
    }

    @Test("SIGKILL ends a child, which is reported as dying of its signal; a plain exit is not")
    func killAndSignal() async throws {
        let child = try ChildProcess(executable: Self.shell, arguments: ["-c", "sleep 30"])
        #expect(!child.diedOfSignal)
        child.kill()
        #expect(child.diedOfSignal)
        #expect(await child.waitForExit(timeout: .seconds(60)) == SIGKILL)

        let exited = try ChildProcess(executable: Self.shell, arguments: ["-c", "exit 0"])
        #expect(await exited.waitForExit(timeout: .seconds(60)) == 0)
        #expect(!exited.diedOfSignal)
    }

    @Test("terminate asks with SIGTERM first, and a child that ignores it is killed")
    func terminateEscalates() async throws {
        let polite = try ChildProcess(executable: Self.shell, arguments: ["-c", "exec sleep 30"])
        polite.terminate(grace: 30)
        #expect(await polite.waitForExit(timeout: .seconds(60)) == SIGTERM)

        let stubborn = try ChildProcess(
            executable: Self.shell, arguments: ["-c", "trap '' TERM; echo ready; while :; do sleep 1; done"])
        #expect(await stubborn.firstLine(startingWith: "ready", timeout: .seconds(60)) == .found(""))
        stubborn.terminate(grace: 0.2)
        #expect(await stubborn.waitForExit(timeout: .seconds(60)) == SIGKILL)
    }

    @Test("a program that does not exist, or a directory that does not, is a launch error naming it")
    func launchErrors() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/apicore-no-such-program")
        #expect {
            try ChildProcess(executable: missing, arguments: [])
        } throws: { error in
            (error as? ChildProcessLaunchError).map { $0.code == ENOENT && $0.executable == missing.path } ?? false
        }
        #expect {
            try ChildProcess(
                executable: Self.shell, arguments: ["-c", "true"],
                directory: URL(fileURLWithPath: "/nonexistent/apicore-no-such-directory"))
        } throws: { error in
            (error as? ChildProcessLaunchError)?.description.contains("apicore-no-such-directory") ?? false
        }
    }

    @Test("a hundred children started at once each report their own exit code")
    func manyAtOnce() async throws {
        let codes = try await withThrowingTaskGroup(of: (Int, Int32).self) { group in
            for index in 0..<100 {
                group.addTask {
                    (index, try await ChildProcess.run(Self.shell, ["-c", "exit \(index % 50)"]).status)
                }
            }
            return try await group.reduce(into: [Int: Int32]()) { $0[$1.0] = $1.1 }
        }
        #expect(codes.count == 100)
        #expect(codes.allSatisfy { $0.value == Int32($0.key % 50) })
    }
}
