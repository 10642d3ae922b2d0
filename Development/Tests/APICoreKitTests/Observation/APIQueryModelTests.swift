import APICoreCache
import APICoreKit
import APICoreTestSupport
import Foundation
import Observation
import Testing

/// `APIQueryModel` and `APIPagedQueryModel` against the strawberry server, as a SwiftUI view sees them: the frames
/// Observation makes it render, from the model's creation on.
@Suite("Query models: what a view sees, frame by frame")
@MainActor
struct APIQueryModelTests {
    /// What a product screen renders.
    struct ProductFrame: Equatable, Sendable {
        var isLoading: Bool
        var title: String?
        var source: ResponseMetadata.Source?
        var failure: APIError.Code?
    }

    /// What a list screen renders.
    struct ListFrame: Equatable, Sendable {
        var isLoading: Bool
        var positions: [Int]
        var hasMore: Bool
    }

    static func cache() -> CacheStore {
        CacheStore(
            cache: InMemoryNormalizedCache(), keyResolver: CacheKeyResolver(typePolicies: ReferenceSchema.typePolicies))
    }

    /// A client of the streaming endpoint, which runs the query on the live connection, so the server notices when
    /// it closes: the deferred field's resolver, waiting on a gate no one opens, is cancelled. Its time limit is past
    /// the gate's own (120 s), so only the model can end the request before the gate gives up.
    static func streamingClient(_ live: LiveClient) -> APIClient {
        live.client(path: "/streaming/graphql", timeout: .seconds(600)) { $0.cache = cache() }
    }

    static func frames(of model: APIQueryModel<ProductQuery.Data>) -> FrameRecorder<ProductFrame> {
        FrameRecorder {
            ProductFrame(
                isLoading: model.isLoading, title: model.value?.product?.title, source: model.source,
                failure: model.failure?.code)
        }
    }

    static func pager(_ client: APIClient) -> APIQueryPager<ItemsQuery> {
        APIQueryPager(client: client) { request in
            switch request {
            case .first, .previous: ItemsQuery(first: 20)
            case .next(let cursor): ItemsQuery(first: 20, after: .some(cursor))
            }
        } pageInfo: { data in
            GraphQLPageInfo(hasNextPage: data.items.pageInfo.hasNextPage, endCursor: data.items.pageInfo.endCursor)
        }
    }

    @Test("a cached value is in the first frame, and following the watch adds no second frame of it")
    func cachedValueInFirstFrame() async throws {
        let live = try await LiveClient.strawberry(transport: .asyncHTTPClient)
        let client = live.client(cache: Self.cache())
        let title = try await client.execute(ProductQuery(id: "1")).value.product?.title
        let model = APIQueryModel(ProductQuery(id: "1"), client: client)
        let recorder = Self.frames(of: model)
        #expect(recorder.frames == [ProductFrame(isLoading: false, title: title, source: .cache)])

        let view = Task { await model.follow() }
        // A change made elsewhere shows as the next frame; the watch's own first (cached) value made none.
        _ = try await client.execute(UpdateProductMutation(id: "1", title: "Renamed"))
        _ = await recorder.frame { $0.title == "Renamed" }
        view.cancel()
        #expect(
            recorder.frames == [
                ProductFrame(isLoading: false, title: title, source: .cache),
                ProductFrame(isLoading: false, title: "Renamed", source: .cache),
            ])
        #expect(try await live.requestCount() == 2)
    }

    /// The demo's optimistic update once went unseen this way: the watch began after the write, and its first value,
    /// the written one, was passed over as the value the model already showed.
    @Test(
        "a write between the model's creation and the start of its watch shows when the watch begins",
        .timeLimit(.minutes(5)))
    func writeBeforeTheWatchBegins() async throws {
        let live = try await LiveClient.strawberry(transport: .asyncHTTPClient)
        let client = live.client(cache: Self.cache())
        let title = try await client.execute(ProductQuery(id: "2")).value.product?.title
        let model = APIQueryModel(ProductQuery(id: "2"), client: client)
        let recorder = Self.frames(of: model)
        _ = try await client.execute(UpdateProductMutation(id: "2", title: "Written before the watch"))

        let view = Task { await model.follow() }
        _ = await recorder.frame { $0.title == "Written before the watch" }
        view.cancel()
        #expect(
            recorder.frames == [
                ProductFrame(isLoading: false, title: title, source: .cache),
                ProductFrame(isLoading: false, title: "Written before the watch", source: .cache),
            ])
    }

    @Test("on a miss the first frame is loading, the next the network's value")
    func loadingThenValue() async throws {
        let live = try await LiveClient.strawberry(transport: .asyncHTTPClient)
        let client = live.client(cache: Self.cache())
        let model = APIQueryModel(ProductQuery(id: "2"), client: client)
        let recorder = Self.frames(of: model)
        let view = Task { await model.follow() }
        let loaded = await recorder.frame { !$0.isLoading }
        view.cancel()
        #expect(loaded?.title != nil)
        #expect(
            recorder.frames == [
                ProductFrame(isLoading: true, title: nil, source: nil),
                ProductFrame(isLoading: false, title: loaded?.title, source: .network),
            ])
    }

    @Test("a write elsewhere (another task's mutation) updates the model; a failed refresh keeps the value shown")
    func writeElsewhereAndFailure() async throws {
        let live = try await LiveClient.strawberry(transport: .asyncHTTPClient)
        let cache = Self.cache()
        let client = live.client(cache: cache)
        let model = APIQueryModel(ProductQuery(id: "3"), client: client) { $0.product?.title ?? "" }
        model.start()
        let titles = FrameRecorder { model.value }
        _ = await titles.frame { $0 != nil }
        // Another screen's service changes the product from a task of its own; the model hears it from the cache.
        _ = try await Task.detached { try await client.execute(UpdateProductMutation(id: "3", title: "Elsewhere")) }
            .value
        #expect(await titles.frame { $0 == "Elsewhere" } == "Elsewhere")
        model.stop()

        let failing = APIQueryModel(ProductQuery(id: "3"), client: live.client(cache: cache, path: "/no-such-endpoint"))
        #expect(failing.value?.product?.title == "Elsewhere")
        await failing.refresh()
        #expect(failing.failure != nil)
        #expect(failing.value?.product?.title == "Elsewhere")
        #expect(!failing.isLoading)
    }

    @Test("releasing the model ends its request: the server sees the connection closed")
    func releasingCancels() async throws {
        let live = try await LiveClient.strawberry(transport: .asyncHTTPClient)
        let client = Self.streamingClient(live)
        var model: APIQueryModel<GatedDeferredQuery.Data>? = APIQueryModel(
            GatedDeferredQuery(id: "1", gate: live.key), client: client)
        model?.start()
        #expect(try await live.gateWaiters(live.key, count: 1).waiting == 1)
        weak let released = model
        model = nil
        #expect(released == nil)
        let waiters = try await live.gateWaiters(live.key, count: 0)
        #expect(waiters.cancelled == 1)
    }

    @Test("the view's task ending ends the request too", arguments: TestTransport.allCases)
    func viewTaskEndingCancels(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let model = APIQueryModel(
            GatedDeferredQuery(id: "1", gate: live.key), client: Self.streamingClient(live))
        let view = Task { await model.follow() }
        #expect(try await live.gateWaiters(live.key, count: 1).waiting == 1)
        view.cancel()
        await view.value
        let waiters = try await live.gateWaiters(live.key, count: 0)
        #expect(waiters.cancelled == 1)
        #expect(model.value == nil)
    }

    @Test("a paged list: loading, the first page, loadMore appends the next; a new model shows both pages at once")
    func pagedList() async throws {
        let live = try await LiveClient.strawberry(transport: .asyncHTTPClient)
        let client = live.client(cache: Self.cache())
        let model = APIPagedQueryModel(pager: Self.pager(client)) { $0.items.edges.map(\.node.position) }
        let recorder = FrameRecorder {
            ListFrame(isLoading: model.isLoading, positions: model.items, hasMore: model.hasMore)
        }
        let view = Task { await model.follow() }
        _ = await recorder.frame { $0.positions.count == 20 }
        #expect(await model.loadMore())
        _ = await recorder.frame { $0.positions.count == 40 }
        view.cancel()
        #expect(recorder.frames.first == ListFrame(isLoading: true, positions: [], hasMore: false))
        #expect(recorder.frames.last == ListFrame(isLoading: false, positions: Array(1...40), hasMore: true))
        #expect(recorder.frames.map(\.positions.count) == [0, 20, 40])
        #expect(!model.isLoadingMore)

        // Another screen on the same cache: both pages in its first frame, before anything runs.
        let again = APIPagedQueryModel(pager: Self.pager(client)) { $0.items.edges.map(\.node.position) }
        #expect(again.items == Array(1...40))
        #expect(again.hasMore)
        #expect(!again.isLoading)
    }
}
