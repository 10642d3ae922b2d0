import APICoreKit
import APICoreTestSupport
import Observation
import Testing

@testable import APICoreJSON

/// `APIQueryModel` and `APIPagedQueryModel` over a source of their owner's (a feature kit's repository that hides
/// which API answers, a preview's fixed data), frame by frame as a view sees them. The source is a stream the test
/// feeds, so each frame follows a value the test gave.
@Suite("Query models over a source of their own")
@MainActor
struct APIQueryModelSourceTests {
    /// A feature kit's own error.
    struct KitError: Error, Equatable {
        var reason: String
    }

    /// What a screen of one value renders.
    struct Frame: Equatable, Sendable {
        var isLoading: Bool
        var value: String?
        var source: ResponseMetadata.Source?
        var failure: APIError.Code?
    }

    /// What a list screen renders.
    struct ListFrame: Equatable, Sendable {
        var isLoading: Bool
        var items: [Int]
        var hasMore: Bool
        var failure: APIError.Code?
    }

    /// A source the test feeds, that says when whoever reads it stops.
    final class Source<Element: Sendable>: Sendable {
        let values: AsyncThrowingStream<Element, any Error>
        let continuation: AsyncThrowingStream<Element, any Error>.Continuation
        let (ended, endedContinuation) = AsyncStream.makeStream(of: Void.self)

        init() {
            (values, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
            let ended = endedContinuation
            continuation.onTermination = { _ in ended.yield() }
        }

        /// Returns once the reader has stopped reading (or the stream ended).
        func waitUntilEnded() async {
            for await _ in ended { return }
        }
    }

    static func frames(of model: APIQueryModel<String>) -> FrameRecorder<Frame> {
        FrameRecorder {
            Frame(isLoading: model.isLoading, value: model.value, source: model.source, failure: model.failure?.code)
        }
    }

    static func frames(of model: APIPagedQueryModel<Int>) -> FrameRecorder<ListFrame> {
        FrameRecorder {
            ListFrame(
                isLoading: model.isLoading, items: model.items, hasMore: model.hasMore, failure: model.failure?.code)
        }
    }

    @Test("the cached value is in the first frame, then each value the source gives; a kit's error is the failure")
    func cachedThenValuesThenFailure() async throws {
        let source = Source<String>()
        let model = APIQueryModel(cachedValue: { "cached" }, values: { source.values }, refresh: { "fresh" })
        let recorder = Self.frames(of: model)
        #expect(recorder.frames == [Frame(isLoading: false, value: "cached", source: .cache)])

        model.start()
        source.continuation.yield("first")
        _ = await recorder.frame { $0.value == "first" }
        source.continuation.finish(throwing: KitError(reason: "offline"))
        _ = await recorder.frame { $0.failure != nil }
        #expect(
            recorder.frames == [
                Frame(isLoading: false, value: "cached", source: .cache),
                Frame(isLoading: false, value: "first", source: nil),
                // The value shown stays; the failure says why nothing newer came.
                Frame(isLoading: false, value: "first", source: nil, failure: .mappingFailed),
            ])
        #expect(model.failure?.underlying as? KitError == KitError(reason: "offline"))
    }

    @Test("with nothing cached it loads; refresh shows the fetched value and clears the failure")
    func loadingThenRefresh() async throws {
        let source = Source<String>()
        let refreshes = Lock(0)
        let model = APIQueryModel(values: { source.values }) { () async throws -> String? in
            let count = refreshes.withLock { count in
                count += 1
                return count
            }
            if count == 1 { throw APIError(.timeout) }
            return "fresh"
        }
        let recorder = Self.frames(of: model)
        #expect(recorder.frames == [Frame(isLoading: true)])

        await model.refresh()
        #expect(model.failure?.code == .timeout)
        await model.refresh()
        _ = await recorder.frame { $0.value == "fresh" }
        #expect(recorder.frames.last == Frame(isLoading: false, value: "fresh"))
        #expect(model.failure == nil)
    }

    @Test("a refresh whose value comes through the source ends loading, and the value shows when it comes")
    func refreshThroughTheSource() async throws {
        let source = Source<String>()
        let model = APIQueryModel(cachedValue: { "cached" }, values: { source.values }) { () async throws -> String? in
            source.continuation.yield("refreshed")
            return nil
        }
        let recorder = Self.frames(of: model)
        model.start()
        await model.refresh()
        _ = await recorder.frame { $0.value == "refreshed" }
        #expect(recorder.frames.last == Frame(isLoading: false, value: "refreshed"))
    }

    @Test("stop() ends the source's reading, and so does releasing the model")
    func stopAndReleaseEndTheSource() async throws {
        let stopped = Source<String>()
        let model = APIQueryModel(values: { stopped.values }, refresh: { nil })
        model.start()
        stopped.continuation.yield("first")
        let recorder = Self.frames(of: model)
        _ = await recorder.frame { $0.value == "first" }
        model.stop()
        await stopped.waitUntilEnded()
        #expect(model.failure == nil, "ending the work is not a failure")

        let released = Source<String>()
        var owned: APIQueryModel<String>? = APIQueryModel(values: { released.values }, refresh: { nil })
        owned?.start()
        owned = nil
        await released.waitUntilEnded()
    }

    @Test("a view's task ending ends the source's reading, and is not a failure")
    func followEndsWithItsTask() async throws {
        let source = Source<String>()
        let model = APIQueryModel(values: { source.values }, refresh: { nil })
        let recorder = Self.frames(of: model)
        let view = Task { await model.follow() }
        source.continuation.yield("first")
        _ = await recorder.frame { $0.value == "first" }
        view.cancel()
        await source.waitUntilEnded()
        await view.value
        #expect(model.failure == nil)
    }

    @Test("a paged list over a source: loading, each list, loadMore's answer, its failure, and a refresh")
    func pagedSource() async throws {
        let source = Source<APIPagedList<Int>>()
        let pages = Lock(1)
        let model = APIPagedQueryModel(
            lists: { source.values },
            loadMore: { () async throws -> Bool in
                let page = pages.withLock { page in
                    page += 1
                    return page
                }
                switch page {
                case 2:
                    source.continuation.yield(APIPagedList(items: [1, 2, 3, 4], hasMore: true))
                    return true
                case 3: throw KitError(reason: "page 3 is broken")
                default: return false
                }
            },
            refresh: { source.continuation.yield(APIPagedList(items: [7, 8], hasMore: false)) })
        let recorder = Self.frames(of: model)
        #expect(recorder.frames == [ListFrame(isLoading: true, items: [], hasMore: false)])

        model.start()
        source.continuation.yield(APIPagedList(items: [1, 2], hasMore: true))
        _ = await recorder.frame { $0.items == [1, 2] }
        #expect(await model.loadMore())
        _ = await recorder.frame { $0.items.count == 4 }
        #expect(await model.loadMore() == false)
        #expect(model.failure?.underlying as? KitError == KitError(reason: "page 3 is broken"))
        _ = await recorder.frame { $0.failure != nil }
        #expect(
            recorder.frames == [
                ListFrame(isLoading: true, items: [], hasMore: false),
                ListFrame(isLoading: false, items: [1, 2], hasMore: true),
                ListFrame(isLoading: false, items: [1, 2, 3, 4], hasMore: true),
                ListFrame(isLoading: false, items: [1, 2, 3, 4], hasMore: true, failure: .mappingFailed),
            ])
        #expect(model.isLoadingMore == false)

        // A refresh shows a spinner while it runs (frames a view may or may not render, by timing), then the list
        // the source gave for it, which starts over.
        await model.refresh()
        _ = await recorder.frame { $0.items == [7, 8] }
        #expect(recorder.frames.last == ListFrame(isLoading: false, items: [7, 8], hasMore: false))
    }

    @Test("a loaded page shows when loadMore returns, from the cached list, though the source says nothing of it")
    func loadedPageShownFromTheCache() async throws {
        // A watch can fold the write of a refresh the model showed directly and the next page's write into one read
        // equal to the list it delivered before: the source stays silent, and the screen must not wait for it.
        let source = Source<APIPagedList<Int>>()
        let cached = Lock<APIPagedList<Int>?>(nil)
        let model = APIPagedQueryModel(
            cachedList: { cached.withLock { $0 } },
            lists: { source.values },
            loadMore: { () async throws -> Bool in
                cached.withLock { $0 = APIPagedList(items: [1, 2, 3, 4], hasMore: false) }
                return true
            },
            refresh: {})
        let recorder = Self.frames(of: model)
        model.start()
        cached.withLock { $0 = APIPagedList(items: [1, 2], hasMore: true) }
        source.continuation.yield(APIPagedList(items: [1, 2], hasMore: true))
        _ = await recorder.frame { $0.items == [1, 2] }
        #expect(await model.loadMore())
        #expect(model.items == [1, 2, 3, 4])
        #expect(!model.hasMore)
        #expect(model.failure == nil)
    }
}
