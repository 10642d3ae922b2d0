import Foundation

/// An HTTP forward proxy on loopback: proxy.py from PyPI (`Tests/ReferenceServers/forward_proxy.py`).
///
/// It tunnels `CONNECT` requests, which is how AsyncHTTPClient sends every request through a proxy, plain HTTP
/// included, and forwards plain requests. Each connection it opens to a server for a client is listed in
/// ``upstreamConnections()``. One started with credentials answers `407 Proxy Authentication Required` to a
/// request that does not carry them in `Proxy-Authorization`, and connects nowhere for it.
public final class ForwardProxy: Sendable {
    /// The port the proxy listens on, on 127.0.0.1.
    public let port: Int
    private let child: ChildProcess

    private init(port: Int, child: ChildProcess) {
        self.port = port
        self.child = child
    }

    /// The user name and password of HTTP basic authentication.
    public typealias Credentials = (user: String, password: String)

    /// Starts a proxy of its own for the caller; with `credentials`, it requires them (HTTP basic authentication).
    public static func start(requiring credentials: Credentials? = nil) async throws -> ForwardProxy {
        let arguments = credentials.map { ["--basic-auth", "\($0.user):\($0.password)"] } ?? []
        let (child, port) = try await PythonServer.launch(
            "forward_proxy.py", arguments: arguments, name: "the forward proxy")
        return ForwardProxy(port: port, child: child)
    }

    /// The connections the proxy has opened to servers for its clients, in order, as `<method> <host>:<port>`:
    /// `CONNECT 127.0.0.1:8080` for a tunnel.
    public func upstreamConnections() async -> [String] {
        let prefix = "PROXIED "
        return await child.errorTail.text().split(separator: "\n")
            .filter { $0.hasPrefix(prefix) }
            .map { String($0.dropFirst(prefix.count)) }
    }

    /// Waits until ``upstreamConnections()`` lists `connection` (the proxy reports a connection as it opens it, so
    /// the report may trail the response a moment); `false` when it still does not after 30 seconds, a bound
    /// against a hang rather than a timing assertion.
    public func waitForUpstreamConnection(_ connection: String) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while await !upstreamConnections().contains(connection) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// Terminates the proxy and waits until it has exited.
    public func stop() {
        child.terminate()
    }
}
