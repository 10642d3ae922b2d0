import APICoreKit
import APICoreTestSupport
import Foundation

@testable import APICoreJSON

/// Builds clients against a reference server, each test with its own key so parallel tests never share state, and
/// each client on a new transport of the test's kind.
struct LiveClient {
    let server: ReferenceServer
    let key: String
    let transport: TestTransport

    /// The strawberry server shared by this test process, with a fresh key.
    static func strawberry(transport: TestTransport, _ label: String = #function) async throws -> LiveClient {
        LiveClient(server: try await ReferenceServer.shared(.strawberry), key: uniqueKey(label), transport: transport)
    }

    /// The ariadne server shared by this test process, with a fresh key.
    static func ariadne(transport: TestTransport, _ label: String = #function) async throws -> LiveClient {
        LiveClient(server: try await ReferenceServer.shared(.ariadne), key: uniqueKey(label), transport: transport)
    }

    static func uniqueKey(_ label: String) -> String {
        let base = label.filter { $0.isLetter || $0.isNumber }.prefix(24)
        return "\(base)-\(UUID().uuidString.prefix(8))"
    }

    /// A client whose GraphQL endpoint is `path` on the server, carrying the test key, on a new transport.
    func client(
        path: String = "/graphql",
        interceptors: [any APIInterceptor] = [],
        timeout: Duration = .seconds(120),
        queryMethod: GraphQLQueryMethod = .post,
        persistedQueries: PersistedQueriesConfiguration? = nil,
        restBaseURL: URL? = nil,
        configure: (inout APIClientConfiguration) -> Void = { _ in }
    ) -> APIClient {
        var configuration = APIClientConfiguration(
            graphQLEndpoint: server.url(path),
            restBaseURL: restBaseURL ?? server.baseURL,
            // The transport's wait for a response head is at least the call's own bound, so a test that allows a busy
            // machine more time gives it to both.
            transport: transport.make(requestTimeout: max(timeout, .seconds(60))),
            interceptors: interceptors,
            headers: ["X-Test-Key": key],
            timeout: timeout,
            queryMethod: queryMethod,
            persistedQueries: persistedQueries
        )
        configure(&configuration)
        return APIClient(configuration: configuration)
    }

    func stats() async throws -> ReferenceServerStats {
        try await server.stats(key: key)
    }
}

/// Records what a retry policy asked to wait, without waiting: tests assert the delays, not the wall clock.
final class RecordedSleeps: Sendable {
    private let delays = Lock<[Duration]>([])

    var all: [Duration] { delays.withLock { $0 } }

    /// Records the delay and returns at once (still honouring cancellation, as a real sleep would).
    func sleep(_ delay: Duration) async throws {
        delays.withLock { $0.append(delay) }
        try Task.checkCancellation()
    }
}

/// A token provider backed by the reference server's realm: refreshing calls its refresh endpoint.
final class ServerTokenProvider: TokenProvider {
    struct InjectedFailure: Error {}

    let refreshURL: URL
    private let state: Lock<(token: String, refreshes: Int, failuresLeft: Int)>

    init(server: ReferenceServer, realm: String, initialToken: String, refreshDelay: Duration? = nil) {
        var path = "/secure/\(realm)/auth/refresh"
        if let refreshDelay { path += "?delayMs=\(refreshDelay.components.seconds * 1000)" }
        refreshURL = server.url(path)
        state = Lock((initialToken, 0, 0))
    }

    var refreshCount: Int { state.withLock { $0.refreshes } }

    /// Makes the next `count` refreshes fail without reaching the server, as an offline device would.
    func failNextRefreshes(_ count: Int) {
        state.withLock { $0.failuresLeft = count }
    }

    func currentToken() async throws -> String? {
        state.withLock { $0.token }
    }

    func refreshToken(rejecting rejectedToken: String?) async throws -> String {
        let fails = state.withLock { state -> Bool in
            state.refreshes += 1
            guard state.failuresLeft > 0 else { return false }
            state.failuresLeft -= 1
            return true
        }
        if fails { throw InjectedFailure() }
        var request = URLRequest(url: refreshURL)
        request.httpMethod = "POST"
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200,
            let token = try JSONReader().read(data)["token"]?.stringValue
        else {
            throw URLError(.userAuthenticationRequired)
        }
        state.withLock { $0.token = token }
        return token
    }
}

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ReferenceServerStats {
    /// The last request body as text, empty when there was none.
    var lastBodyText: String { lastBody.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// The last request's raw query string, empty when there was none.
    var query: String { lastQueryString ?? "" }
}
