import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON

@Suite("Auth: one token refresh for many concurrent 401s", .timeLimit(.minutes(10)))
struct AuthTests {
    /// How long a call may take before it fails the test instead of hanging it: beyond the clients' own time limits
    /// (120 s, 180 s), so those end a slow call first, and far beyond any correct run. A bound, never a measure.
    static let bound: Duration = .seconds(240)

    /// How `call` ended. Bounded: a refresh that deadlocks, or a barrier or refresh whose waiters are never released,
    /// would otherwise hang the run, so a call still running after ``bound`` fails the test instead.
    static func bounded<Value: Sendable>(
        sourceLocation: SourceLocation = #_sourceLocation, _ call: @escaping @Sendable () async throws -> Value
    ) async throws -> Result<Value, any Error> {
        let ended = await outcome(within: bound) { () async -> Result<Value, any Error> in
            do {
                return .success(try await call())
            } catch {
                return .failure(error)
            }
        }
        return try #require(ended, "the call was still running after \(bound)", sourceLocation: sourceLocation)
    }

    /// The names of users 1 to 3 fetched `count` times at once, each call its own request: sharing identical queries
    /// in flight is off, so that every call meets the 401 on the wire.
    static func names(_ client: APIClient, count: Int) async throws -> [String?] {
        let ownRequest = RequestOptions(deduplicates: false)
        return try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<count {
                group.addTask {
                    try await client.execute(UserDetailsQuery(id: String(index % 3 + 1)), options: ownRequest)
                        .value.user?.name
                }
            }
            var names: [String?] = []
            for try await name in group { names.append(name) }
            return names
        }
    }

    @Test(
        "50 concurrent requests hitting 401 cause exactly one refresh, then one retry each",
        arguments: TestTransport.allCases)
    func concurrentRefresh(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let realm = live.key
        let tokens = ServerTokenProvider(server: live.server, realm: realm, initialToken: "stale-token")
        // The barrier sits below auth: all 50 leave with the stale token together, so all 50 are rejected.
        // A bound for a machine busy with the rest of the suite, not a measure: 100 requests to one Python server.
        let client = live.client(
            path: "/secure/\(realm)/graphql",
            interceptors: [AuthInterceptor(tokenProvider: tokens), RequestBarrier(count: 50)], timeout: .seconds(180))
        let names = try await Self.bounded { try await Self.names(client, count: 50) }.get()
        #expect(names.count == 50)
        #expect(names.allSatisfy { $0 != nil })
        #expect(tokens.refreshCount == 1)
        let stats = try await live.server.stats(key: realm)
        #expect(stats.refreshes == 1)
        #expect(stats.statusCounts[401] == 50)
        // 50 retries with the new token, plus the refresh call itself.
        #expect(stats.statusCounts[200] == 51)
        #expect(stats.lastHeaders["authorization"] == "Bearer token-1")
    }

    @Test("after a failed refresh, the next 401 refreshes again and succeeds", arguments: TestTransport.allCases)
    func recoversAfterFailedRefresh(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let realm = live.key
        let tokens = ServerTokenProvider(server: live.server, realm: realm, initialToken: "stale-token")
        tokens.failNextRefreshes(1)
        let client = live.client(
            path: "/secure/\(realm)/graphql", interceptors: [AuthInterceptor(tokenProvider: tokens)])
        let refused = try await Self.bounded { try await client.execute(UserDetailsQuery(id: "1")) }
        #expect((refused.failureValue as? APIError)?.code == .unauthorized)
        let user = try await Self.bounded { try await client.execute(UserDetailsQuery(id: "1")) }.get()
        #expect(user.value.user?.name == "Ada Lovelace")
        #expect(tokens.refreshCount == 2)
    }

    @Test("a provider that refreshes through the same client does not deadlock", arguments: TestTransport.allCases)
    func refreshThroughSameClient(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let realm = live.key
        let tokens = ClientRefreshingTokens(initialToken: "stale-token", realm: realm)
        let client = live.client(
            path: "/secure/\(realm)/graphql", interceptors: [AuthInterceptor(tokenProvider: tokens)],
            restBaseURL: live.server.baseURL)
        tokens.client.withLock { $0 = client }
        // A deadlock would hang here: the bound turns it into a failure.
        let user = try await Self.bounded { try await client.execute(UserDetailsQuery(id: "2")) }.get()
        #expect(user.value.user?.name == "Grace Hopper")
        #expect(try await live.server.stats(key: realm).refreshes == 1)
    }

    @Test("a call waiting for a hung refresh ends at its timeout", arguments: TestTransport.allCases)
    func timeoutWhileRefreshing(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let realm = live.key
        let tokens = ServerTokenProvider(
            server: live.server, realm: realm, initialToken: "stale-token", refreshDelay: .seconds(30))
        let client = live.client(
            path: "/secure/\(realm)/graphql", interceptors: [AuthInterceptor(tokenProvider: tokens)],
            timeout: .milliseconds(500))
        let result = try await Self.bounded { try await client.execute(UserDetailsQuery(id: "1")) }
        #expect((result.failureValue as? APIError)?.code == .timeout)
    }

    @Test(
        "a request still rejected after the refresh fails as unauthorized, without leaking the token",
        arguments: TestTransport.allCases)
    func rejectedAfterRefresh(transport: TestTransport) async throws {
        struct UselessTokens: TokenProvider {
            func currentToken() async throws -> String? { "nope" }
            func refreshToken(rejecting rejectedToken: String?) async throws -> String { "still-nope" }
        }
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(
            path: "/secure/\(live.key)/graphql", interceptors: [AuthInterceptor(tokenProvider: UselessTokens())])
        let result = try await Self.bounded { try await client.execute(UserDetailsQuery(id: "1")) }
        let error = result.failureValue as? APIError
        #expect(
            error?.code == .unauthorized && error?.description.contains("nope") == false
                && error?.graphQLErrors.first?.message == "unauthorized")
    }

    @Test("a failing refresh fails every request waiting for it as unauthorized", arguments: TestTransport.allCases)
    func failingRefresh(transport: TestTransport) async throws {
        struct FailingTokens: TokenProvider {
            struct RefreshFailed: Error {}
            func currentToken() async throws -> String? { "expired" }
            func refreshToken(rejecting rejectedToken: String?) async throws -> String { throw RefreshFailed() }
        }
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(
            path: "/secure/\(live.key)/graphql", interceptors: [AuthInterceptor(tokenProvider: FailingTokens())])
        let errors = try await Self.bounded {
            await withTaskGroup(of: APIError?.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        do throws(APIError) {
                            _ = try await client.execute(UserDetailsQuery(id: "1"))
                            return nil
                        } catch {
                            return error
                        }
                    }
                }
                var collected: [APIError?] = []
                for await error in group { collected.append(error) }
                return collected
            }
        }.get()
        let codes = errors.map { $0?.code }
        #expect(codes == Array(repeating: .unauthorized, count: 10))
        // The provider's own error stays reachable, so an app can tell "revoked" from "offline".
        #expect(errors.allSatisfy { $0?.underlying is FailingTokens.RefreshFailed })
    }

    @Test("without an auth interceptor a 401 is unauthorized, not an HTTP error", arguments: TestTransport.allCases)
    func plain401(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(path: "/secure/\(live.key)/graphql")
        let result = try await Self.bounded { try await client.execute(UserDetailsQuery(id: "1")) }
        let error = result.failureValue as? APIError
        #expect(error?.code == .unauthorized && error?.statusCode == 401)
    }
}

/// A provider whose refresh is a REST call through the very client it authorizes.
final class ClientRefreshingTokens: TokenProvider {
    struct TokenResponse: Decodable, Sendable {
        var token: String
    }

    let client = Lock<APIClient?>(nil)
    let realm: String
    private let token: Lock<String>

    init(initialToken: String, realm: String) {
        token = Lock(initialToken)
        self.realm = realm
    }

    func currentToken() async throws -> String? {
        token.withLock { $0 }
    }

    func refreshToken(rejecting rejectedToken: String?) async throws -> String {
        let client = try #require(client.withLock { $0 })
        let response = try await client.send(
            RESTCall<TokenResponse, EmptyBody>(.post, "/secure/\(realm)/auth/refresh"))
        token.withLock { $0 = response.value.token }
        return response.value.token
    }
}
