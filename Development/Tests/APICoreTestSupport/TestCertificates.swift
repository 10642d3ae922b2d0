import Foundation

/// A certificate authority made for one test and a server certificate it signed, as PEM files in a temporary folder.
///
/// Made with the `openssl` command line (on `PATH`), valid for two days from now. Nothing trusts the authority
/// unless a client is told to. Call ``remove()`` once the server using them has stopped.
public struct TestCertificates: Sendable {
    /// The folder holding every file.
    public let directory: URL
    /// The authority's certificate: the trust root a client is given.
    public let authority: URL
    /// The server's certificate, signed by the authority.
    public let serverCertificate: URL
    /// The server certificate's private key.
    public let serverPrivateKey: URL

    private init(directory: URL) {
        self.directory = directory
        authority = directory.appendingPathComponent("authority.pem")
        serverCertificate = directory.appendingPathComponent("server.pem")
        serverPrivateKey = directory.appendingPathComponent("server-key.pem")
    }

    /// The names of a server on loopback: `IP:127.0.0.1` and `DNS:localhost`.
    public static let loopbackNames = ["IP:127.0.0.1", "DNS:localhost"]

    /// A new authority, and a server certificate it signs for `serverNames`, the certificate's subject alternative
    /// names in OpenSSL's notation.
    public static func make(serverNames: [String] = loopbackNames) async throws -> TestCertificates {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("apicore-certificates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let certificates = TestCertificates(directory: directory)
        do {
            try await certificates.write(serverNames: serverNames)
        } catch {
            certificates.remove()
            throw error
        }
        return certificates
    }

    /// Deletes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(serverNames: [String]) async throws {
        let extensions = directory.appendingPathComponent("server-extensions.cnf")
        try Data(
            """
            subjectAltName = \(serverNames.joined(separator: ","))
            basicConstraints = critical,CA:FALSE
            keyUsage = critical,digitalSignature
            extendedKeyUsage = serverAuth

            """.utf8
        ).write(to: extensions)
        let authorityKey = directory.appendingPathComponent("authority-key.pem")
        let request = directory.appendingPathComponent("server.csr")
        let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try await openssl(
            ["req", "-x509"] + newKey + [
                "-keyout", authorityKey.path, "-out", authority.path, "-days", "2",
                "-subj", "/CN=APICoreKit test authority",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ])
        try await openssl(
            ["req", "-new"] + newKey + [
                "-keyout", serverPrivateKey.path, "-out", request.path, "-subj", "/CN=APICoreKit test server",
            ])
        try await openssl([
            "x509", "-req", "-in", request.path, "-CA", authority.path, "-CAkey", authorityKey.path,
            "-set_serial", String(UInt32.random(in: 1...UInt32.max)), "-days", "2", "-extfile", extensions.path,
            "-out", serverCertificate.path,
        ])
    }

    private func openssl(_ arguments: [String]) async throws {
        let result = try await ChildProcess.run(["openssl"] + arguments, in: directory, timeout: .seconds(60))
        guard result.status == 0 else {
            throw ReferenceServerError(
                .certificatesFailed, "openssl \(arguments.first ?? "") exited with status \(result.status)",
                outputTail: result.error)
        }
    }
}
