import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// The `Cache-Control` header of responses as the cache's expiry, on a clock the test moves.
@Suite("Cache-Control and the normalized cache, live")
struct CacheExpiryTests {
    @Test("a response's max-age expires its data on the store's clock", arguments: TestTransport.allCases)
    func maxAge(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let clock = ManualDate()
        let cache = CacheStore(now: { clock.now })
        let client = live.client(cache: cache, path: "/cache-control/max-age=60/graphql")
        _ = try await client.execute(ProductQuery(id: "1"))
        clock.advance(by: 59)
        let fresh = try await client.execute(ProductQuery(id: "1"))
        #expect(fresh.metadata.source == .cache)
        #expect(try await live.requestCount() == 1)

        clock.advance(by: 2)
        let expired = await #expect(throws: APIError.self) {
            try await client.execute(ProductQuery(id: "1"), options: RequestOptions(cachePolicy: .cacheOnly))
        }
        #expect(expired?.code == .cacheMiss)
        #expect(expired?.cacheError?.code == .expired)
        let refetched = try await client.execute(ProductQuery(id: "1"))
        #expect(refetched.metadata.source == .network)
        #expect(try await live.requestCount() == 2)
    }

    @Test("a no-store response is returned but not written", arguments: TestTransport.allCases)
    func noStore(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(cache: CacheStore(), path: "/cache-control/no-store/graphql")
        let response = try await client.execute(ProductQuery(id: "2"))
        #expect(response.metadata.source == .network)
        #expect(response.value.product?.title == "Compiler")
        let miss = await #expect(throws: APIError.self) {
            try await client.execute(ProductQuery(id: "2"), options: RequestOptions(cachePolicy: .cacheOnly))
        }
        #expect(miss?.code == .cacheMiss)
        _ = try await client.execute(ProductQuery(id: "2"))
        #expect(try await live.requestCount() == 2)
    }
}
