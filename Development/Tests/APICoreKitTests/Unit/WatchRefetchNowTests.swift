import APICoreCache
import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON

/// `APIQueryWatch.refetch()` and the query model's refresh through it: the refetched value comes through the watch,
/// so a write that lands after it is delivered, never hidden behind it. A transport answers each query with a title
/// counting the queries it has seen, so every fetch is told apart.
@Suite("Watch refetch and the model's refresh", .timeLimit(.minutes(5)))
struct WatchRefetchNowTests {
    /// A server whose product title is `Engine <n>` for its n-th query; a mutation sets the title it is sent.
    static func countingServer() -> ClosureTransport {
        let queries = Lock(0)
        return ClosureTransport { request in
            let body = try JSONReader().read(request.body ?? Data())
            if request.kind == .graphQL(.mutation) {
                let title = body["variables"]?["title"]?.stringValue ?? ""
                return ClosureTransport.json(
                    #"{"data":{"updateProduct":{"__typename":"Product","id":"1","title":"\#(title)","priceCents":5}}}"#)
            }
            let count = queries.increment()
            return ClosureTransport.json(
                #"{"data":{"product":{"__typename":"Product","id":"1","title":"Engine \#(count)","priceCents":5,"owner":null}}}"#
            )
        }
    }

    /// What a screen of the product's title renders.
    struct Frame: Equatable, Sendable {
        var title: String?
        var source: ResponseMetadata.Source?
    }

    static func client(_ transport: ClosureTransport) -> APIClient {
        APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport,
                cache: CacheStore(
                    cache: InMemoryNormalizedCache(),
                    keyResolver: CacheKeyResolver(typePolicies: ReferenceSchema.typePolicies))))
    }

    @Test("refetch delivers the network's value as the watch's next element, and the watch goes on after it")
    func refetchThroughTheWatch() async throws {
        let transport = Self.countingServer()
        let client = Self.client(transport)
        let watch = client.watch(ProductQuery(id: "1"))
        var values = watch.makeAsyncIterator()
        let first = try #require(await values.next()).get()
        #expect(first.value.product?.title == "Engine 1")
        #expect(first.metadata.source == .network)

        await watch.refetch()
        let refetched = try #require(await values.next()).get()
        #expect(refetched.value.product?.title == "Engine 2")
        #expect(refetched.metadata.source == .network)

        // A write back to the first value right after: measured against the refetched value, so delivered.
        _ = try await client.execute(UpdateProductMutation(id: "1", title: "Engine 1"))
        let written = try #require(await values.next()).get()
        #expect(written.value.product?.title == "Engine 1")
        #expect(written.metadata.source == .cache)
        #expect(transport.requests.count == 3)
    }

    @Test("a cacheOnly watch refetches from the network when asked; a watch that has ended refetches nothing")
    func cacheOnlyAndEnded() async throws {
        let transport = Self.countingServer()
        let client = Self.client(transport)
        _ = try await client.execute(ProductQuery(id: "1"))
        let watch = client.watch(ProductQuery(id: "1"), cachePolicy: .cacheOnly)
        var values = watch.makeAsyncIterator()
        #expect(try #require(await values.next()).get().value.product?.title == "Engine 1")
        await watch.refetch()
        #expect(try #require(await values.next()).get().value.product?.title == "Engine 2")

        let ended = Task {
            var iterator = client.watch(ProductQuery(id: "1"), cachePolicy: .cacheOnly).makeAsyncIterator()
            _ = await iterator.next()
        }
        await ended.value
        let gone = client.watch(ProductQuery(id: "1"), cachePolicy: .cacheOnly)
        // Nobody iterates it, and nothing more is sent for it.
        let consumer = Task { for await _ in gone {} }
        consumer.cancel()
        await consumer.value
        await gone.refetch()
        #expect(transport.requests.count == 2)
    }

    @Test("a model that follows its watch refreshes through it: one frame of the new value, then a later write shows")
    @MainActor
    func modelRefreshesThroughTheWatch() async throws {
        let transport = Self.countingServer()
        let client = Self.client(transport)
        let model = APIQueryModel(ProductQuery(id: "1"), client: client) { $0.product?.title ?? "" }
        let frames = FrameRecorder { Frame(title: model.value, source: model.source) }
        let view = Task { await model.follow() }
        _ = await frames.frame { $0.title == "Engine 1" }

        await model.refresh()
        // refresh returns once the model shows the refreshed value, which came through the watch.
        #expect(model.value == "Engine 2")
        #expect(model.source == .network)
        #expect(!model.isLoading)

        _ = try await client.execute(UpdateProductMutation(id: "1", title: "Engine 1"))
        let written = Frame(title: "Engine 1", source: .cache)
        #expect(await frames.frame { $0 == written } == written)
        view.cancel()
        await view.value
        #expect(
            frames.frames == [
                Frame(title: nil, source: nil), Frame(title: "Engine 1", source: .network),
                Frame(title: "Engine 2", source: .network), written,
            ])
        #expect(transport.requests.count == 3)

        // With no watch followed, refresh fetches on its own.
        await model.refresh()
        #expect(model.value == "Engine 3")
    }
}
