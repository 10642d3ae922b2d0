import Foundation

/// Runs another program to completion, its output collected through files (so a large output never blocks it).
enum ChildProcess {
    /// What a finished program printed and how it exited.
    struct Result: Sendable {
        let status: Int32
        let output: Data
        let error: String
    }

    /// Runs `executable` with `arguments` in `directory` and waits for it to exit.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Result {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("apicore-benchmarks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("stdout")
        let errorURL = folder.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let outputHandle = try FileHandle(forWritingTo: outputURL)
        let errorHandle = try FileHandle(forWritingTo: errorURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        try outputHandle.close()
        try errorHandle.close()
        return Result(
            status: process.terminationStatus,
            output: try Data(contentsOf: outputURL),
            error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }
}

/// A program the benchmarks need failed: what, and the end of what it printed.
struct ChildProcessFailure: Error, CustomStringConvertible {
    let description: String

    init(_ what: String, _ result: ChildProcess.Result) {
        let output = String(decoding: result.output.suffix(2_000), as: UTF8.self)
        description = "\(what) (exit status \(result.status))\n\(output)\(result.error.suffix(4_000))"
    }
}
