import Foundation

/// The strawberry reference server over TLS (`Tests/ReferenceServers/strawberry_tls_app.py`), served by hypercorn,
/// which offers HTTP/2 and HTTP/1.1 by ALPN.
///
/// Routes and data are those of the strawberry ``ReferenceServer``; every response also carries `X-HTTP-Version`,
/// the version the request arrived with ("2" or "1.1"). The server presents ``TestCertificates``' server
/// certificate, so only a client that trusts their authority connects.
public final class TLSReferenceServer: Sendable {
    /// The port the server listens on, on 127.0.0.1.
    public let port: Int
    /// `https://127.0.0.1:<port>`.
    public let baseURL: URL
    private let child: ChildProcess

    private init(port: Int, child: ChildProcess) {
        self.port = port
        self.baseURL = URL(string: "https://127.0.0.1:\(port)")!
        self.child = child
    }

    /// Starts a server of its own for the caller, presenting `certificates`' server certificate; call ``stop()``
    /// before removing the certificates.
    public static func start(certificates: TestCertificates) async throws -> TLSReferenceServer {
        let (child, port) = try await PythonServer.launch(
            "strawberry_tls_app.py",
            arguments: [
                "--certificate", certificates.serverCertificate.path,
                "--private-key", certificates.serverPrivateKey.path,
            ],
            name: "the TLS strawberry server")
        return TLSReferenceServer(port: port, child: child)
    }

    /// The URL of `path` on this server; `path` starts with "/" and may carry a percent-encoded query.
    public func url(_ path: String) -> URL {
        PythonServer.url(path, on: baseURL, caller: "TLSReferenceServer.url(_:)")
    }

    /// Terminates the server process and waits until it has exited.
    public func stop() {
        child.terminate()
    }
}
