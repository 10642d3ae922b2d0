import Foundation

extension ReferenceServer {
    /// Bootstraps Python if needed, launches the server script and waits for its `LISTENING <port>` line.
    static func launch(_ implementation: Implementation, port: Int, isShared: Bool) async throws -> ReferenceServer {
        let (child, boundPort) = try await PythonServer.launch(
            implementation.scriptName, arguments: ["--port", String(port)], name: "the \(implementation) server")
        return ReferenceServer(implementation: implementation, port: boundPort, child: child, isShared: isShared)
    }
}
