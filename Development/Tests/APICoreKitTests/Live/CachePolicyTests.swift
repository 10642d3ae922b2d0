import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// Each cache policy against the live strawberry server, counting the requests that reach it.
@Suite("Cache policies, live")
struct CachePolicyTests {
    @Test("cacheFirst answers the second call from the cache, without a request", arguments: TestTransport.allCases)
    func cacheFirst(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(cache: CacheStore())
        let first = try await client.execute(ProductQuery(id: "1"))
        let second = try await client.execute(ProductQuery(id: "1"))
        #expect(first.metadata.source == .network)
        #expect(second.metadata.source == .cache)
        #expect(second.metadata.statusCode == nil)
        #expect(second.value.product?.title == "Analytical Engine")
        #expect(second.value.product?.owner?.name == "Ada Lovelace")
        #expect(try await live.requestCount() == 1)
    }

    @Test("networkOnly always asks the server, and still writes the cache", arguments: TestTransport.allCases)
    func networkOnly(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(cache: CacheStore(), defaultCachePolicy: .networkOnly)
        let first = try await client.execute(ProductQuery(id: "2"))
        let second = try await client.execute(ProductQuery(id: "2"))
        #expect(first.metadata.source == .network)
        #expect(second.metadata.source == .network)
        #expect(try await live.requestCount() == 2)
        let cached = try await client.execute(ProductQuery(id: "2"), options: RequestOptions(cachePolicy: .cacheOnly))
        #expect(cached.metadata.source == .cache)
        #expect(cached.value.product?.title == "Compiler")
        #expect(try await live.requestCount() == 2)
    }

    @Test(
        "cacheOnly misses with the missing field named, then hits after a network fetch",
        arguments: TestTransport.allCases)
    func cacheOnly(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(cache: CacheStore())
        let cacheOnly = RequestOptions(cachePolicy: .cacheOnly)
        // The user is cached without its email; the query that includes it misses exactly that field.
        _ = try await client.execute(UserDetailsQuery(id: "2", withEmail: false))
        let miss = await #expect(throws: APIError.self) {
            try await client.execute(UserDetailsQuery(id: "2", withEmail: true), options: cacheOnly)
        }
        #expect(miss?.code == .cacheMiss)
        #expect(miss?.cacheError?.code == .missingField)
        #expect(miss?.cacheError?.key == "User:2")
        #expect(miss?.cacheError?.field == "email")
        #expect(miss?.cacheError?.path.description == "user.email")
        #expect(miss?.description.contains("field email") == true)
        #expect(try await live.requestCount() == 1)

        _ = try await client.execute(
            UserDetailsQuery(id: "2", withEmail: true), options: RequestOptions(cachePolicy: .networkOnly))
        let hit = try await client.execute(UserDetailsQuery(id: "2", withEmail: true), options: cacheOnly)
        #expect(hit.metadata.source == .cache)
        #expect(hit.value.user?.email == "grace@example.com")
        #expect(try await live.requestCount() == 2)
    }

    @Test("cacheAndNetwork delivers the cached value, then the network's", arguments: TestTransport.allCases)
    func cacheAndNetwork(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(cache: CacheStore())
        _ = try await client.execute(ProductQuery(id: "3"))
        // The server's data changes behind the cache's back.
        _ = try await live.client().execute(UpdateProductMutation(id: "3", title: "Enigma Kit II"))

        var titles: [String?] = []
        var sources: [ResponseMetadata.Source] = []
        for try await response in client.fetch(ProductQuery(id: "3"), cachePolicy: .cacheAndNetwork) {
            titles.append(response.value.product?.title)
            sources.append(response.metadata.source)
        }
        #expect(titles == ["Enigma Kit", "Enigma Kit II"])
        #expect(sources == [.cache, .network])
        // The network's value was written: the cache now holds it.
        let cached = try await client.execute(ProductQuery(id: "3"), options: RequestOptions(cachePolicy: .cacheOnly))
        #expect(cached.value.product?.title == "Enigma Kit II")
        #expect(try await live.requestCount() == 3)
    }

    @Test(
        "cacheAndNetwork on a miss delivers only the network's value; execute returns the network's",
        arguments: TestTransport.allCases)
    func cacheAndNetworkMiss(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(cache: CacheStore(), defaultCachePolicy: .cacheAndNetwork)
        var sources: [ResponseMetadata.Source] = []
        for try await response in client.fetch(ProductQuery(id: "1")) {
            sources.append(response.metadata.source)
        }
        #expect(sources == [.network])
        let executed = try await client.execute(ProductQuery(id: "1"))
        #expect(executed.metadata.source == .network)
        #expect(try await live.requestCount() == 2)
    }

    @Test("networkFirst asks the network even when the cache holds the query", arguments: TestTransport.allCases)
    func networkFirst(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(cache: CacheStore(), defaultCachePolicy: .networkFirst)
        _ = try await client.execute(ProductQuery(id: "2"))
        _ = try await live.client().execute(UpdateProductMutation(id: "2", priceCents: 12_345))
        let response = try await client.execute(ProductQuery(id: "2"))
        #expect(response.metadata.source == .network)
        #expect(response.metadata.networkError == nil)
        #expect(response.value.product?.priceCents == 12_345)
        #expect(try await live.requestCount() == 3)
    }

    @Test(
        "networkFirst answers from the cache when the server fails with a 5xx, saying why",
        arguments: TestTransport.allCases)
    func networkFirstServerError(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let cache = CacheStore()
        _ = try await live.client(cache: cache).execute(ProductQuery(id: "1"))
        let failing = live.client(cache: cache, path: "/status/503/plain", defaultCachePolicy: .networkFirst)
        let response = try await failing.execute(ProductQuery(id: "1"))
        #expect(response.metadata.source == .cache)
        #expect(response.value.product?.title == "Analytical Engine")
        #expect(response.metadata.networkError?.code == .httpStatus)
        #expect(response.metadata.networkError?.statusCode == 503)
        #expect(try await live.requestCount() == 2)
    }

    @Test("networkFirst does not hide GraphQL validation errors behind cached data", arguments: TestTransport.allCases)
    func networkFirstValidationError(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(cache: CacheStore(), defaultCachePolicy: .networkFirst)
        _ = try await client.execute(ProductQuery(id: "1"))
        // Same data shape, so the cache holds an answer, but a document the server rejects.
        let error = await #expect(throws: APIError.self) {
            try await client.execute(InvalidProductQuery(id: "1"))
        }
        #expect(error?.code == .graphQL)
        #expect(error?.isNetworkFailure == false)
        #expect(try await live.requestCount() == 2)
    }

    @Test("a feature kit's request follows the cache policy of its options", arguments: TestTransport.allCases)
    func graphQLRequestPolicy(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(cache: CacheStore(), defaultCachePolicy: .networkOnly)
        let missing = await #expect(throws: APIError.self) {
            try await client.send(ProductTitleRequest(id: "2", cachePolicy: .cacheOnly))
        }
        #expect(missing?.code == .cacheMiss)
        let first = try await client.send(ProductTitleRequest(id: "2", cachePolicy: .cacheFirst))
        let second = try await client.send(ProductTitleRequest(id: "2", cachePolicy: .cacheFirst))
        #expect(first.value == "Compiler")
        #expect(first.metadata.source == .network)
        #expect(second.value == "Compiler")
        #expect(second.metadata.source == .cache)
        #expect(try await live.requestCount() == 1)
    }

    @Test("without a cache every policy asks the network", arguments: TestTransport.allCases)
    func noCache(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client()
        for policy in CachePolicy.allCases {
            let response = try await client.execute(ProductQuery(id: "1"), options: RequestOptions(cachePolicy: policy))
            #expect(response.metadata.source == .network)
        }
        #expect(try await live.requestCount() == CachePolicy.allCases.count)
    }
}

/// A feature kit's request: a product's title as its domain value.
struct ProductTitleRequest: GraphQLRequest {
    let operation: ProductQuery
    let options: RequestOptions

    init(id: String, cachePolicy: CachePolicy) {
        operation = ProductQuery(id: id)
        options = RequestOptions(cachePolicy: cachePolicy)
    }

    func map(data: ProductQuery.Data) throws -> String? {
        data.product?.title
    }
}

/// `ProductQuery`'s data shape behind a document that fails validation (`nope` is no field of `Product`).
struct InvalidProductQuery: GraphQLQuery {
    typealias Data = ProductQuery.Data

    static let operationName = "Product"
    static let document = "query Product($id: ID!) { product(id: $id) { nope } }"

    var id: String

    var variables: JSONObject {
        JSONObject(variables: ["id": id])
    }
}
