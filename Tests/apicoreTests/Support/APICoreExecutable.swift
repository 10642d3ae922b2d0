import APICoreGraphQL
import Foundation

/// What a run of the `apicore` executable printed and how it exited.
struct CommandResult: Sendable {
    /// The exit status.
    let status: Int32
    /// Standard output.
    let output: String
    /// Standard error.
    let error: String

    /// Standard output read as JSON, or `nil` when it is not JSON.
    var json: JSONValue? {
        try? JSONReader().read(output)
    }
}

/// Runs the `apicore` executable that `swift build` puts next to the test bundle.
enum APICoreExecutable {
    /// The executable: `$APICORE_EXECUTABLE` when set, else `apicore` in the build products folder.
    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["APICORE_EXECUTABLE"] {
            return URL(fileURLWithPath: path)
        }
        return productsDirectory.appendingPathComponent("apicore")
    }()

    /// The folder holding the build products (`.build/<triple>/<configuration>`).
    private static var productsDirectory: URL {
        #if os(macOS)
            // On macOS the tests run inside `xctest`; the products folder is the test bundle's parent.
            if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        // On Linux the test bundle is itself the executable that runs.
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return executable.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Runs `apicore` with `arguments` (in `currentDirectory`, when given) and returns once it has exited. Output goes
    /// through files, so a large output can never block the child on a full pipe.
    static func run(_ arguments: [String], in currentDirectory: URL? = nil) async throws -> CommandResult {
        try await runProcess(url, arguments, in: currentDirectory)
    }

    /// Runs any executable the same way (the Python oracle of the `diff-schema` tests, for one).
    static func runProcess(
        _ executable: URL, _ arguments: [String], in currentDirectory: URL? = nil
    ) async throws -> CommandResult {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("apicore-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputURL = directory.appendingPathComponent("stdout")
        let errorURL = directory.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let outputHandle = try FileHandle(forWritingTo: outputURL)
        let errorHandle = try FileHandle(forWritingTo: errorURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        let status = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { process in continuation.resume(returning: process.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try outputHandle.close()
        try errorHandle.close()
        return CommandResult(
            status: status,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }
}
