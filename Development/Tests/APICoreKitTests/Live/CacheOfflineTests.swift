import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// The policies with the server gone: each test starts a server of its own and stops it halfway.
@Suite("Cache policies with the server stopped")
struct CacheOfflineTests {
    @Test(
        "networkFirst asks the server while it runs, and answers from the cache once it is stopped",
        arguments: TestTransport.allCases)
    func networkFirstOffline(transport: TestTransport) async throws {
        let server = try await ReferenceServer.start(.strawberry)
        let live = LiveClient(server: server, key: LiveClient.uniqueKey(#function), transport: transport)
        let client = live.client(cache: CacheStore(), defaultCachePolicy: .networkFirst)
        let online = try await client.execute(ProductQuery(id: "1"))
        #expect(online.metadata.source == .network)
        #expect(try await live.requestCount() == 1)

        server.stop()
        let offline = try await client.execute(ProductQuery(id: "1"))
        #expect(offline.metadata.source == .cache)
        #expect(offline.value.product?.title == "Analytical Engine")
        #expect(offline.metadata.networkError?.code == .network)
        // Nothing cached to fall back on: the network's error, not a cache miss.
        let error = await #expect(throws: APIError.self) {
            try await client.execute(ProductQuery(id: "2"))
        }
        #expect(error?.code == .network)
    }

    @Test(
        "cacheFirst and cacheOnly answer with the server stopped; networkOnly fails with the transport error",
        arguments: TestTransport.allCases)
    func cacheFirstAndCacheOnlyOffline(transport: TestTransport) async throws {
        let server = try await ReferenceServer.start(.strawberry)
        let live = LiveClient(server: server, key: LiveClient.uniqueKey(#function), transport: transport)
        let client = live.client(cache: CacheStore())
        _ = try await client.execute(UserDetailsQuery(id: "1", withEmail: true))
        server.stop()

        let cacheFirst = try await client.execute(UserDetailsQuery(id: "1", withEmail: true))
        #expect(cacheFirst.metadata.source == .cache)
        #expect(cacheFirst.value.user?.followerCount == 9_007_199_254_740_993)
        let cacheOnly = try await client.execute(
            UserDetailsQuery(id: "1", withEmail: true), options: RequestOptions(cachePolicy: .cacheOnly))
        #expect(cacheOnly.metadata.source == .cache)
        #expect(cacheOnly.value.user?.email == "ada@example.com")

        let error = await #expect(throws: APIError.self) {
            try await client.execute(
                UserDetailsQuery(id: "1", withEmail: true), options: RequestOptions(cachePolicy: .networkOnly))
        }
        #expect(error?.code == .network)
        #expect(error?.underlying != nil)
    }
}
