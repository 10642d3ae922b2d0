import Foundation

/// `Tests/ReferenceServers/legacy_introspection_proxy.py` in front of a reference server: a server that rejects the
/// introspection fields added since 2021, for the fallback of `apicore fetch-schema`.
final class LegacyIntrospectionProxy: Sendable {
    /// `http://127.0.0.1:<port>`.
    let baseURL: URL
    private let process: Process
    private let input: Pipe

    /// Starts the proxy in front of `upstream` and waits for its `LISTENING <port>` line.
    init(upstream: URL) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ReferenceServers/legacy_introspection_proxy.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, upstream.absoluteString]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("LISTENING "), let port = Int(text.dropFirst("LISTENING ".count)) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "proxy said '\(text)'"])
        }
        self.process = process
        self.input = input
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Stops the proxy: it exits when its standard input closes.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
