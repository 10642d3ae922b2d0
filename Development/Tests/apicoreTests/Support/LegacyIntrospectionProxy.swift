import APICoreTestSupport
import Foundation

/// `Tests/ReferenceServers/legacy_introspection_proxy.py` in front of a reference server: a server that rejects the
/// introspection fields added since 2021, for the fallback of `apicore fetch-schema`.
final class LegacyIntrospectionProxy: Sendable {
    /// `http://127.0.0.1:<port>`.
    let baseURL: URL
    private let child: ChildProcess

    /// Starts the proxy in front of `upstream` and waits for its `LISTENING <port>` line.
    init(upstream: URL) async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ReferenceServers/legacy_introspection_proxy.py")
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: [
                "python3", script.path, upstream.absoluteString,
                String(ProcessInfo.processInfo.processIdentifier),
            ])
        let line = await child.firstLine(startingWith: "LISTENING ", timeout: .seconds(60))
        guard case .found(let portText) = line, let port = Int(portText) else {
            child.terminate()
            throw CocoaError(
                .fileReadCorruptFile,
                userInfo: [
                    NSLocalizedDescriptionKey: "the proxy did not start (\(line)): \(await child.errorTail.text())"
                ])
        }
        self.child = child
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Stops the proxy.
    func stop() {
        child.terminate()
    }
}
