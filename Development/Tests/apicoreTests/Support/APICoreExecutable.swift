import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import APICoreTestSupport
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

/// Runs the `apicore` tool that `swift build` puts next to the test bundle: the build a user on this platform runs,
/// `apicore-nio` (SwiftNIO's transports, from the `APICoreNIO` package) on Linux and Android, `apicore` (URLSession's)
/// on Apple platforms.
enum APICoreExecutable {
    /// The executable: `$APICORE_EXECUTABLE` when set, else the platform's build in the build products folder.
    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["APICORE_EXECUTABLE"] {
            return URL(fileURLWithPath: path)
        }
        #if os(Linux) || os(Android)
            return productsDirectory.appendingPathComponent("apicore-nio")
        #else
            return urlSessionBuild
        #endif
    }()

    /// The library package's own `apicore`, on URLSession's transports whatever the platform.
    static var urlSessionBuild: URL { productsDirectory.appendingPathComponent("apicore") }

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

    /// Runs `apicore` with `arguments` (in `currentDirectory`, when given) and returns once it has exited.
    static func run(_ arguments: [String], in currentDirectory: URL? = nil) async throws -> CommandResult {
        try await runProcess(url, arguments, in: currentDirectory)
    }

    /// Runs the library package's `apicore` (URLSession's transports) with `arguments`.
    static func runURLSessionBuild(_ arguments: [String]) async throws -> CommandResult {
        try await runProcess(urlSessionBuild, arguments)
    }

    /// Runs any executable the same way (the Python oracle of the `diff-schema` tests, for one).
    static func runProcess(
        _ executable: URL, _ arguments: [String], in currentDirectory: URL? = nil
    ) async throws -> CommandResult {
        let result = try await ChildProcess.run(executable, arguments, in: currentDirectory)
        return CommandResult(status: result.status, output: result.text, error: result.error)
    }
}
