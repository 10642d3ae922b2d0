import Dispatch
import Foundation

/// Runs a command to completion without holding a thread of Swift's cooperative pool.
///
/// Tests that build packages wait minutes for `swift build`; waiting synchronously would hold one of the few
/// cooperative threads (two on a two-core CI machine) and starve every concurrent async test. The wait happens on a
/// Dispatch thread instead.
public enum Subprocess {
    /// Runs `arguments` through `/usr/bin/env` in `directory` and returns its exit status and standard output.
    public static func run(
        _ arguments: [String], in directory: URL? = nil
    ) async throws -> (
        status: Int32, output: String
    ) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = arguments
                if let directory { process.currentDirectoryURL = directory }
                let pipe = Pipe()
                process.standardOutput = pipe
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let output = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: (process.terminationStatus, String(decoding: output, as: UTF8.self)))
            }
        }
    }
}
