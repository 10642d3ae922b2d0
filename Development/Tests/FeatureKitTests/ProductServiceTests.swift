import APICoreCache
import APICoreGraphQL
import APICoreKit
import APICoreSQLite
import APICoreTesting
import Foundation
import ProductKit
import ProductKitTestMocks
import SharedKit
import Testing

/// `ProductService` with `APICoreTesting`'s mock client and a real entity store file: no network.
@Suite("ProductService (mock client)")
struct ProductServiceTests {
    /// A product of `ProductsQuery`, its category given as the server spells it (one this app may not know).
    static func product(
        _ id: String, _ name: String, _ category: String, _ cents: Int64
    ) -> ProductsQuery.Data.Products {
        .init(id: id, name: name, category: GraphQLEnum(rawValue: category), priceCents: cents, inStock: true)
    }

    static let list = ProductsQuery.Data(products: [
        product("p4", "Server Rack", "ELECTRONICS", 5_000_000_000),
        product("p1", "Book", "BOOKS", 3_999),
    ])

    final class Fixture: Sendable {
        let mock: MockGraphQLClient
        let flags = FeatureFlags()
        let router: BackendRouter
        let folder: URL
        let store: EntityStore
        let service: ProductService

        init() throws {
            mock = MockGraphQLClient { $0.cache = CacheStore() }
            router = BackendRouter(flags: flags, logger: CapturingLogHandler().logger)
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("productkit-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            store = try EntityStore(fileURL: folder.appendingPathComponent("entities.sqlite"))
            service = ProductService(client: mock.client, router: router, entityStore: store)
        }

        deinit {
            try? store.close()
            try? FileManager.default.removeItem(at: folder)
        }

        func lists(_ freshness: Freshness, category: Product.Category? = nil) async throws -> [ProductList] {
            var lists: [ProductList] = []
            for try await list in service.products(category: category, freshness: freshness) { lists.append(list) }
            return lists
        }
    }

    @Test("cachedIfAvailable goes to the network once, then answers from the cache; the 64-bit price is exact")
    func cacheFirst() async throws {
        let fixture = try Fixture()
        fixture.mock.stub(ProductsQuery.self, data: Self.list)

        let first = try await fixture.lists(.cachedIfAvailable)
        let second = try await fixture.lists(.cachedIfAvailable)

        #expect(first.map(\.origin) == [.network])
        #expect(second.map(\.origin) == [.cache])
        #expect(first.first?.products == second.first?.products)
        #expect(first.first?.products.first?.priceCents == 5_000_000_000)
        #expect(first.first?.products.first?.formattedPrice == "$50000000.00")
        #expect(fixture.mock.performed(ProductsQuery.self).count == 1)
    }

    @Test("cachedThenNetwork delivers the cached list, then the network's")
    func cacheAndNetwork() async throws {
        let fixture = try Fixture()
        fixture.mock.stub(ProductsQuery.self, data: Self.list)
        _ = try await fixture.lists(.network)

        let lists = try await fixture.lists(.cachedThenNetwork)

        #expect(lists.map(\.origin) == [.cache, .network])
        #expect(fixture.mock.performed(ProductsQuery.self).count == 2)
    }

    @Test("the category filter is sent as the schema's enum value")
    func categoryVariable() async throws {
        let fixture = try Fixture()
        fixture.mock.stub(ProductsQuery.self, data: Self.list)
        _ = try await fixture.lists(.network, category: .electronics)
        #expect(fixture.mock.performed(ProductsQuery.self) == [["category": "ELECTRONICS"]])
    }

    @Test("a failing GraphQL list falls back to REST, whose products also fill the entity store")
    func listFallback() async throws {
        let fixture = try Fixture()
        fixture.mock.stub(ProductsQuery.self, .networkFailure)
        let restList: JSONValue = [
            ["id": "p1", "name": "Book", "category": "BOOKS", "priceCents": 3_999, "inStock": true]
        ]
        fixture.mock.transport.stub(.get, "/products", .json(restList))

        let lists = try await fixture.lists(.cachedIfAvailable)

        #expect(lists.map(\.backend) == [.rest])
        #expect(lists.first?.products.map(\.id) == ["p1"])
        #expect(fixture.router.fallbackCounts == [.products: 1])
        var stored = fixture.service.storedProducts().makeAsyncIterator()
        #expect(try await stored.next()?.map(\.name) == ["Book"])
    }

    @Test("every product received is upserted into the entity store, sorted by name, and a new price updates it")
    func entityStore() async throws {
        let fixture = try Fixture()
        fixture.mock.stub(ProductsQuery.self, data: Self.list)
        _ = try await fixture.lists(.network)
        var stored = fixture.service.storedProducts().makeAsyncIterator()
        #expect(try await stored.next()?.map(\.name) == ["Book", "Server Rack"])

        fixture.mock.stub(
            UpdateProductPriceMutation.self,
            data: .init(
                updateProductPrice: .init(
                    id: "p1", name: "Book", category: GraphQLEnum(rawValue: "BOOKS"), priceCents: 2_500, inStock: true))
        )
        let updated = try await fixture.service.updatePrice(productID: "p1", cents: 2_500)

        #expect(updated.priceCents == 2_500)
        #expect(try await stored.next()?.first?.priceCents == 2_500)
        #expect(fixture.mock.performed(UpdateProductPriceMutation.self) == [["id": "p1", "priceCents": 2_500]])
    }

    @Test("a product the server does not have is notFound; an unknown category survives as .other")
    func notFoundAndUnknownCategory() async throws {
        let fixture = try Fixture()
        fixture.flags.fallsBackToREST = false
        fixture.mock.stub(ProductDetailQuery.self, data: ProductDetailQuery.Data(product: nil))
        await #expect(throws: ServiceError.notFound(kind: "product", id: "p9")) {
            try await fixture.service.product(id: "p9")
        }
        // Built from the test mocks: only the category matters here, the other fields get placeholders.
        let kite = ProductAPIMocks.Product(id: "p5", name: "Kite", category: GraphQLEnum(rawValue: "TOYS"))
        fixture.mock.stub(ProductDetailQuery.self, mock: ProductAPIMocks.Query(product: kite))
        #expect(try await fixture.service.product(id: "p5").category == .other("TOYS"))
    }

    @Test("a REST product that misses a field is invalidData, not a crash or a half-filled product")
    func malformedREST() async throws {
        let fixture = try Fixture()
        fixture.flags.setBackend(.rest, for: .products)
        fixture.mock.transport.stub(.get, "/products", .json([["id": "p1", "name": "Book"]]))
        await #expect(throws: ServiceError.self) { _ = try await fixture.lists(.network) }
        var stored = fixture.service.storedProducts().makeAsyncIterator()
        #expect(try await stored.next() == [])
    }
}
