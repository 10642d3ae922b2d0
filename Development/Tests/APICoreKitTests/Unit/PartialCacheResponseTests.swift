import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// Partial cache answers through the client: opt in per request, with the missing paths as errors.
@Suite("Partial cache data through the client")
struct PartialCacheResponseTests {
    static let productBody = #"""
        {"data":{"product":{"__typename":"Product","id":"1","title":"Engine","priceCents":5,
        "owner":{"__typename":"User","id":"7","name":"Ada"}}}}
        """#

    static func client(cache: CacheStore) -> (APIClient, ClosureTransport) {
        let transport = ClosureTransport { _ in ClosureTransport.json(Self.productBody) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport, cache: cache))
        return (client, transport)
    }

    @Test("cacheOnly with returnsPartialCacheData: the data held, nil owner, an error naming product.owner")
    func partialAnswer() async throws {
        let cache = CacheStore()
        let (client, _) = Self.client(cache: cache)
        _ = try await client.execute(ProductQuery(id: "1"))
        try cache.evict(CacheKey("User:7"))

        let options = RequestOptions(cachePolicy: .cacheOnly, returnsPartialCacheData: true)
        let response = try await client.execute(ProductQuery(id: "1"), options: options)
        #expect(response.metadata.source == .cache)
        let product = try #require(response.value.product)
        #expect(product.title == "Engine")
        #expect(product.owner == nil)
        #expect(response.errors.map(\.path) == [ResponsePath([.field("product"), .field("owner")])])
        #expect(response.errors.first?.extensions["code"] == "CACHE_MISS")
    }

    @Test("by default the same miss fails the call, as before")
    func defaultUnchanged() async throws {
        let cache = CacheStore()
        let (client, _) = Self.client(cache: cache)
        _ = try await client.execute(ProductQuery(id: "1"))
        try cache.evict(CacheKey("User:7"))
        let error = await #expect(throws: APIError.self) {
            try await client.execute(ProductQuery(id: "1"), options: RequestOptions(cachePolicy: .cacheOnly))
        }
        #expect(error?.code == .cacheMiss)
    }

    @Test("nothing cached at all: still a cache miss, even with partial data allowed")
    func nothingCached() async throws {
        let (client, _) = Self.client(cache: CacheStore())
        let error = await #expect(throws: APIError.self) {
            try await client.execute(
                ProductQuery(id: "1"), options: RequestOptions(cachePolicy: .cacheOnly, returnsPartialCacheData: true))
        }
        #expect(error?.code == .cacheMiss)
    }
}
