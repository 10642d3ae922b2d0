import APICoreCache
import APICoreKit
import APICoreTestSupport
import DemoServerKit
import Foundation
import MainActorDefaultsApp
import MainActorDefaultsMocks
import Testing

/// The generated code, its test mocks and the library's API used from modules built as a new Xcode 26 app target is
/// (default isolation `MainActor`, `NonisolatedNonsendingByDefault`, `InferIsolatedConformances`; this test module
/// too), against the demo server on loopback: a main-actor view model executes, watches and pages queries, and a
/// nonisolated service runs the same operations from another task.
@Suite("Xcode 26 defaults: main-actor modules use the generated code")
struct MainActorDefaultsTests {
    /// A client with a memory cache that knows the catalogue's field policies.
    static func client(for server: RunningDemoServer) -> APIClient {
        APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: server.graphQLURL)!,
                transport: TestTransport.platform.make(),
                cache: CacheStore(
                    cache: InMemoryNormalizedCache(),
                    keyResolver: CacheKeyResolver(typePolicies: CatalogAPI.typePolicies))
            ))
    }

    @Test(
        "a main-actor view model executes a query, pages a connection and watches a list a nonisolated service changes")
    func viewModelAndService() async throws {
        let server = try await DemoServer.start(port: 0)
        let client = Self.client(for: server)
        let model = CatalogScreenModel(client: client, pageSize: 2)
        let service = CatalogService(client: client)

        try await model.loadDetail(id: "p1")
        #expect(model.detail?.name == "The Swift Programming Language")

        // Pages: the pager's first value is the first page; loading the next appends the second.
        let following = Task { await model.followPages() }
        _ = await FrameRecorder { model.products.count }.frame { $0 == 2 }
        #expect(try await model.loadNextPage())
        _ = await FrameRecorder { model.products.count }.frame { $0 == 4 }
        #expect(model.products.map(\.id) == ["p1", "p2", "p3", "p4"])
        following.cancel()

        // A watch on the main actor sees the price a nonisolated service sets from a detached task.
        var watch = model.watchProducts(in: .books).makeAsyncIterator()
        let first = try #require(await watch.next()).get()
        let book = try #require(first.value.products.first { $0.fragments.productFields.id == "p1" })
        let newPrice = book.fragments.productFields.priceCents + 100
        let changed = try await Task.detached { try await service.setPrice(of: "p1", cents: newPrice) }.value
        #expect(changed?.priceCents == newPrice)
        let second = try #require(await watch.next()).get()
        #expect(
            second.value.products.first { $0.fragments.productFields.id == "p1" }?.fragments.productFields.priceCents
                == newPrice)
        #expect(service.categories() == [.books, .electronics, .groceries])
        #expect(try await service.productName(id: "p2") == "Mechanical Keyboard")
        try await server.stop()
    }

    @Test("a query model of a generated query shows the cached value at once, then follows the watch")
    func queryModel() async throws {
        let server = try await DemoServer.start(port: 0)
        let client = Self.client(for: server)
        let first = APIQueryModel(ProductDetailQuery(id: "p2"), client: client) { $0.product?.fragments.productFields }
        #expect(first.isLoading)
        let view = Task { await first.follow() }
        _ = await FrameRecorder { first.isLoading }.frame { !$0 }
        #expect(first.value??.name == "Mechanical Keyboard")
        view.cancel()
        // A second screen of the same product: the cached value is there before anything runs.
        let second = APIQueryModel(ProductDetailQuery(id: "p2"), client: client)
        #expect(second.value?.product?.fragments.productFields.name == "Mechanical Keyboard")
        #expect(!second.isLoading)
        try await server.stop()
    }

    @Test("generated test mocks build response data from a main-actor module")
    func mocks() throws {
        let product = CatalogAPIMocks.Product(
            id: "p9", name: "Mocked", category: .known(.books), priceCents: 5, inStock: true)
        let data = try ProductDetailQuery.Data(mock: CatalogAPIMocks.Query(product: product))
        #expect(data.product?.fragments.productFields.name == "Mocked")
        #expect(data.product?.fragments.productFields.category == .known(.books))
    }
}
