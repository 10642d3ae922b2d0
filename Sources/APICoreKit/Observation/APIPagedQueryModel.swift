import APICoreGraphQL
import Observation

/// A paginated list's state for a screen (an infinite-scroll feed), over an ``APIQueryPager``: the items of every
/// page loaded, whether there are more, and ``loadMore()`` for the last row.
///
/// ```swift
/// struct FeedView: View {
///     @State private var model: APIPagedQueryModel<FeedQuery.Data.Feed.Edge>
///
///     var body: some View {
///         List(model.items) { edge in
///             Row(edge.node).task { if edge.id == model.items.last?.id { await model.loadMore() } }
///         }
///         .task { await model.follow() }
///         .refreshable { await model.refresh() }
///     }
/// }
/// ```
///
/// It behaves as ``APIQueryModel`` does: the pages the cache holds show in the first frame, ``follow()`` watches the
/// merged list, and the work ends with the view's task or the model.
@MainActor
@Observable
public final class APIPagedQueryModel<Item: Sendable> {
    /// The items of every page loaded, in order.
    public var items: [Item] { list.value?.items ?? [] }
    /// Whether the server has a page after the last one loaded.
    public var hasMore: Bool { list.value?.hasMore ?? false }
    /// Whether the first page (or a refresh) is on its way.
    public var isLoading: Bool { list.isLoading }
    /// The GraphQL errors that came with the list (partial data).
    public var errors: [GraphQLError] { list.errors }
    /// The last failure (of the first page, a refresh or a next page), if no list has arrived since.
    public var failure: APIError? { list.failure }
    /// Where the list came from.
    public var source: ResponseMetadata.Source? { list.source }
    /// Whether ``loadMore()`` is loading a page.
    public private(set) var isLoadingMore = false

    @ObservationIgnored private let list: APIQueryModel<APIPagedList<Item>>
    @ObservationIgnored private let loadNext: @Sendable () async throws(APIError) -> Bool

    /// A model of `pager`'s list, whose data `items` turns into the items a screen shows.
    public init<Query: GraphQLQuery>(
        pager: APIQueryPager<Query>, items: @escaping @Sendable (Query.Data) throws -> [Item]
    ) {
        let feed = APIQueryModelFeed(pager: pager) { data in
            APIPagedList(items: try items(data), hasMore: pager.pageInfo(of: data).hasNextPage)
        }
        list = APIQueryModel(feed: feed, cachePolicy: pager.cachePolicy)
        loadNext = { () async throws(APIError) -> Bool in try await pager.loadNext() }
    }

    /// A model of a list from a source of your own instead of a pager: a feature kit's catalogue that hides which API
    /// answers, or fixed pages for a preview or a test.
    ///
    /// - Parameters:
    ///   - cachedList: the list to show in the first frame, read synchronously; `nil` to start loading.
    ///   - lists: the whole list as it comes (every page loaded so far, after each page, refresh or change); a new
    ///     sequence each time it is called.
    ///   - loadMore: loads the next page, whose items come through `lists`; `false` when there is none.
    ///   - refresh: loads the first page again; the list starts over through `lists`.
    ///
    /// An error any of them throws is the ``failure``, as ``APIQueryModel/init(cachedValue:values:refresh:)`` says.
    public init<Lists: AsyncSequence & Sendable>(
        cachedList: @escaping @Sendable () -> APIPagedList<Item>? = { nil },
        lists: @escaping @Sendable () -> Lists,
        loadMore: @escaping @Sendable () async throws -> Bool,
        refresh: @escaping @Sendable () async throws -> Void
    ) where Lists.Element == APIPagedList<Item> {
        list = APIQueryModel(
            cachedValue: cachedList, values: lists,
            refresh: { () async throws -> APIPagedList<Item>? in
                try await refresh()
                return nil
            })
        loadNext = { () async throws(APIError) -> Bool in
            do {
                return try await loadMore()
            } catch {
                throw APIQueryModelFeed<APIPagedList<Item>>.failure(of: error)
            }
        }
    }

    /// Follows the list until the calling task is cancelled (a view's `.task`); see ``APIQueryModel/follow()``.
    public func follow() async {
        await list.follow()
    }

    /// Follows the list in work of the model's own; see ``APIQueryModel/start()``.
    public func start() {
        list.start()
    }

    /// Ends the work ``start()`` started.
    public func stop() {
        list.stop()
    }

    /// Fetches the first page again; the list starts over from it.
    public func refresh() async {
        await list.refresh()
    }

    /// Loads the next page, as a screen does when its last row appears; the list shows it when this returns, read
    /// from the cache (or the owner's cached list), and through the watch. `false` when there is none, or the load
    /// failed (then ``failure`` says why).
    @discardableResult
    public func loadMore() async -> Bool {
        isLoadingMore = true
        defer { isLoadingMore = false }
        do throws(APIError) {
            let loaded = try await loadNext()
            // The watch may never deliver the merged list: after a refresh the model showed directly, it can fold the
            // refresh's write and this page's into one read equal to the list it delivered before the refresh.
            if loaded { list.showCachedValue() }
            return loaded
        } catch {
            list.apply(.failure(error))
            return false
        }
    }
}

/// A paged list as a screen shows it: the items of every page loaded, and whether there are more.
public struct APIPagedList<Item: Sendable>: Sendable {
    /// The items of every page loaded, in order.
    public var items: [Item]
    /// Whether the server has a page after the last one loaded.
    public var hasMore: Bool

    /// A list of `items`, with more to load when `hasMore`.
    public init(items: [Item], hasMore: Bool) {
        self.items = items
        self.hasMore = hasMore
    }
}

extension APIPagedList: Equatable where Item: Equatable {}
extension APIPagedList: Hashable where Item: Hashable {}
