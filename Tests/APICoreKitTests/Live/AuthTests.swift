import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@Suite("Auth: one token refresh for many concurrent 401s")
struct AuthTests {
    @Test("50 concurrent requests hitting 401 cause exactly one refresh, then one retry each")
    func concurrentRefresh() async throws {
        let live = try await LiveClient.strawberry()
        let realm = live.key
        let tokens = ServerTokenProvider(server: live.server, realm: realm, initialToken: "stale-token")
        let client = live.client(
            path: "/secure/\(realm)/graphql", interceptors: [AuthInterceptor(tokenProvider: tokens)])
        let names = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<50 {
                group.addTask { try await client.execute(UserDetailsQuery(id: String(index % 3 + 1))).value.user?.name }
            }
            var names: [String?] = []
            for try await name in group { names.append(name) }
            return names
        }
        #expect(names.count == 50)
        #expect(names.allSatisfy { $0 != nil })
        #expect(tokens.refreshCount == 1)
        let stats = try await live.server.stats(key: realm)
        #expect(stats.refreshes == 1)
        // Each request was rejected at most once and succeeded once; the refresh call itself is the 51st 200.
        #expect(stats.statusCounts[401, default: 0] <= 50)
        #expect(stats.statusCounts[200] == 51)
        #expect(stats.lastHeaders["authorization"] == "Bearer token-1")
    }

    @Test("a request still rejected after the refresh fails as unauthorized")
    func rejectedAfterRefresh() async throws {
        struct UselessTokens: TokenProvider {
            func currentToken() async throws -> String? { "nope" }
            func refreshToken(rejecting rejectedToken: String?) async throws -> String { "still-nope" }
        }
        let live = try await LiveClient.strawberry()
        let client = live.client(
            path: "/secure/\(live.key)/graphql", interceptors: [AuthInterceptor(tokenProvider: UselessTokens())])
        await #expect {
            _ = try await client.execute(UserDetailsQuery(id: "1"))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .unauthorized && error?.description.contains("nope") == false
        }
    }

    @Test("a failing refresh fails every waiting request as unauthorized")
    func failingRefresh() async throws {
        struct FailingTokens: TokenProvider {
            struct RefreshFailed: Error {}
            func currentToken() async throws -> String? { "expired" }
            func refreshToken(rejecting rejectedToken: String?) async throws -> String { throw RefreshFailed() }
        }
        let live = try await LiveClient.strawberry()
        let client = live.client(
            path: "/secure/\(live.key)/graphql", interceptors: [AuthInterceptor(tokenProvider: FailingTokens())])
        await #expect {
            _ = try await client.execute(UserDetailsQuery(id: "1"))
        } throws: { error in
            (error as? APIError)?.code == .unauthorized
        }
    }

    @Test("without an auth interceptor a 401 is unauthorized, not an HTTP error")
    func plain401() async throws {
        let live = try await LiveClient.strawberry()
        await #expect {
            _ = try await live.client(path: "/secure/\(live.key)/graphql").execute(UserDetailsQuery(id: "1"))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .unauthorized && error?.statusCode == 401
        }
    }
}
