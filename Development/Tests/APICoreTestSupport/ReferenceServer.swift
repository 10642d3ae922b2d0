import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An independent GraphQL server from PyPI, running on loopback for the duration of a test.
///
/// The servers live in `Tests/ReferenceServers` (their README lists every route). Starting one:
/// 1. runs `scripts/bootstrap-python.sh` once per test process, which creates or updates `<repo>/.venv`;
/// 2. launches `.venv/bin/python Tests/ReferenceServers/<app>.py --port <port> --parent-pid <this process>`;
/// 3. waits (up to 60 seconds) for the server's `LISTENING <port>` line.
///
/// The server exits when ``stop()`` is called, when the instance is released, or, at the latest, within a second
/// of the test process ending (the `--parent-pid` watchdog), so a crashed test run leaves no servers behind.
/// Most tests share one server per implementation through ``shared(_:)`` and keep their state apart by choosing a
/// unique key (an `X-Test-Key` header, a realm or a flaky key). Failures throw ``ReferenceServerError``; nothing is
/// skipped.
public final class ReferenceServer: Sendable {
    /// Which Python GraphQL implementation serves the schema.
    public enum Implementation: String, Sendable, CaseIterable, CustomStringConvertible {
        /// strawberry-graphql, with every harness route (persisted queries, auth, flaky, status, REST, stats).
        case strawberry
        /// ariadne: `/graphql` and `/health` only.
        case ariadne

        /// The implementation's name.
        public var description: String { rawValue }

        var scriptName: String { "\(rawValue)_app.py" }
    }

    /// How long a server may take to print its `LISTENING` line.
    public static let startTimeout: Duration = .seconds(60)

    /// The implementation this server runs.
    public let implementation: Implementation
    /// The port the server listens on, on 127.0.0.1.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    let isShared: Bool
    private let child: ChildProcess

    init(implementation: Implementation, port: Int, child: ChildProcess, isShared: Bool) {
        self.implementation = implementation
        self.port = port
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
        self.child = child
        self.isShared = isShared
    }

    /// Starts a server of its own for the caller, on `port` (0 lets the server pick a free one).
    ///
    /// Call ``stop()`` when done; a fixed `port` lets a test stop a server and start another at the same address.
    public static func start(_ implementation: Implementation, port: Int = 0) async throws -> ReferenceServer {
        try await launch(implementation, port: port, isShared: false)
    }

    /// The server of `implementation` shared by every test of this process, started on first use.
    ///
    /// Concurrent callers wait for the same start. The server is never stopped explicitly: it exits with the test
    /// process.
    public static func shared(_ implementation: Implementation) async throws -> ReferenceServer {
        try await SharedReferenceServers.registry.server(implementation)
    }

    /// The URL of `path` on this server; `path` starts with "/" and may carry a percent-encoded query.
    public func url(_ path: String) -> URL {
        PythonServer.url(path, on: baseURL, caller: "ReferenceServer.url(_:)")
    }

    /// Terminates the server process and waits until it has exited; the port stops accepting connections.
    ///
    /// Stopping a shared server is a programming error: other tests are using it.
    public func stop() {
        precondition(!isShared, "ReferenceServer.stop(): shared servers exit with the test process")
        child.terminate()
    }

    /// What the strawberry server recorded for `key` (see ``ReferenceServerStats``).
    public func stats(key: String) async throws -> ReferenceServerStats {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        let encodedKey = key.addingPercentEncoding(withAllowedCharacters: allowed) ?? key
        let request = URLRequest(url: url("/control/stats/\(encodedKey)"))
        do {
            let (data, response) = try await URLSession.shared.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard status == 200 else {
                throw ReferenceServerError(
                    .controlRequestFailed, "stats for key \(key) answered HTTP \(status)",
                    outputTail: String(decoding: data.prefix(2048), as: UTF8.self))
            }
            return try JSONDecoder().decode(ReferenceServerStats.self, from: data)
        } catch let error as ReferenceServerError {
            throw error
        } catch {
            throw ReferenceServerError(
                .controlRequestFailed, "stats for key \(key) on \(implementation) failed: \(error)")
        }
    }
}
