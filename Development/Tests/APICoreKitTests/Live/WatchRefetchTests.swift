import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// A watched query whose cached data an eviction leaves incomplete, against the live server: it is fetched again once
/// (``RequestOptions/refetchesOnCacheMiss``), unless the watch opts out or is `cacheOnly`.
@Suite("Watching queries: refetch on a miss, live", .timeLimit(.minutes(10)))
struct WatchRefetchTests {
    /// Product `id` as the cache would hold it after a fetch, with another title.
    static func product(id: String, title: String, priceCents: Int) throws -> ProductQuery.Data {
        try ProductQuery.Data(data: [
            "product": [
                "__typename": "Product", "id": .string(id), "title": .string(title),
                "priceCents": .int(Int64(priceCents)), "owner": nil,
            ]
        ])
    }

    @Test(
        "an evicted field is refetched exactly once, and the server's value is the next one delivered",
        arguments: TestTransport.allCases)
    func refetchesOnce(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let cache = CacheStore()
        let client = live.client(cache: cache)
        var watch = client.watch(ProductQuery(id: "2")).makeAsyncIterator()
        let first = try #require(await watch.next()).get()
        #expect(first.value.product?.title == "Compiler")
        // The server's data changes behind the cache's back: only a refetch can bring the new title.
        _ = try await live.client().execute(UpdateProductMutation(id: "2", title: "Compiler Pro"))
        #expect(try await live.requestCount() == 2)

        try cache.evict(field: CacheFieldID(key: "Product:2", field: "title"))
        let refetched = try #require(await watch.next()).get()
        #expect(refetched.metadata.source == .network)
        #expect(refetched.value.product?.title == "Compiler Pro")
        #expect(refetched.value.product?.owner?.name == "Grace Hopper")
        #expect(try await live.requestCount() == 3)
        // The refetch was written to the cache: a cache-only read has it.
        let cached = try await client.execute(ProductQuery(id: "2"), options: RequestOptions(cachePolicy: .cacheOnly))
        #expect(cached.value.product?.title == "Compiler Pro")

        // A later write is delivered from the cache, and no other request was made in between.
        try cache.write(try Self.product(id: "2", title: "Compiler Max", priceCents: 1), for: ProductQuery(id: "2"))
        let written = try #require(await watch.next()).get()
        #expect(written.metadata.source == .cache)
        #expect(written.value.product?.title == "Compiler Max")
        #expect(try await live.requestCount() == 3)
    }

    @Test("refetchesOnCacheMiss false delivers the miss and sends nothing", arguments: TestTransport.allCases)
    func optOut(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let cache = CacheStore()
        let client = live.client(cache: cache)
        var watch = client.watch(ProductQuery(id: "1"), options: RequestOptions(refetchesOnCacheMiss: false))
            .makeAsyncIterator()
        let first = try #require(await watch.next()).get()
        #expect(first.value.product?.title == "Analytical Engine")

        try cache.evict(field: CacheFieldID(key: "Product:1", field: "title"))
        let miss = try #require(await watch.next())
        let error = #expect(throws: APIError.self) { try miss.get() }
        #expect(error?.code == .cacheMiss)
        #expect(error?.cacheError?.code == .missingField)

        try cache.write(try Self.product(id: "1", title: "Engine", priceCents: 3), for: ProductQuery(id: "1"))
        let written = try #require(await watch.next()).get()
        #expect(written.value.product?.title == "Engine")
        #expect(try await live.requestCount() == 1)
    }

    @Test("a cacheOnly watch delivers the miss and sends nothing", arguments: TestTransport.allCases)
    func cacheOnlyNeverRefetches(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let cache = CacheStore()
        let client = live.client(cache: cache)
        _ = try await client.execute(ProductQuery(id: "3"))
        var watch = client.watch(ProductQuery(id: "3"), cachePolicy: .cacheOnly).makeAsyncIterator()
        let first = try #require(await watch.next()).get()
        #expect(first.metadata.source == .cache)
        #expect(first.value.product?.title == "Enigma Kit")

        try cache.evict("Product:3")
        let miss = try #require(await watch.next())
        let error = #expect(throws: APIError.self) { try miss.get() }
        #expect(error?.code == .cacheMiss)

        try cache.write(try Self.product(id: "3", title: "Enigma Kit II", priceCents: 5), for: ProductQuery(id: "3"))
        let written = try #require(await watch.next()).get()
        #expect(written.value.product?.title == "Enigma Kit II")
        #expect(try await live.requestCount() == 1)
    }
}
