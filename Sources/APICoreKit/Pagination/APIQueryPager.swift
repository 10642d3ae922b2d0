import APICoreGraphQL
import APICoreJSON

/// Pages through a query's connection for an infinite-scroll screen, every page through the normalized cache.
///
/// The connection field needs a Relay field policy (`@typePolicy(connectionFields:)`, `@fieldPolicy`, or
/// `options.fieldPolicies` in `apicore.json`, generated into the schema's `typePolicies`, which the client's cache
/// must use). The cache then merges each page into one list, so the first page's query, read from the cache, is the
/// whole list loaded so far:
///
/// ```swift
/// let pager = APIQueryPager(client: client) { request in
///     switch request {
///     case .first: ItemsQuery(first: 20)
///     case .next(let cursor): ItemsQuery(first: 20, after: .some(cursor))
///     case .previous(let cursor): ItemsQuery(last: 20, before: .some(cursor))
///     }
/// } pageInfo: { data in
///     GraphQLPageInfo(hasNextPage: data.items.pageInfo.hasNextPage, endCursor: data.items.pageInfo.endCursor)
/// }
/// for await result in pager.values() { render(try result.get().value.items.edges) }   // in one task
/// try await pager.loadNext()                                                             // on scroll
/// ```
///
/// ``values()`` watches the first page's query: its value as the cache policy gets it (the first page from the
/// network on an empty cache; every page loaded before, offline, from a SQLite cache), then the merged list again each
/// time a page arrives, or anything else changes the items. ``loadNext()`` and ``loadPrevious()`` fetch the page after
/// the last cursor or before the first one; calls made while one is loading wait for it and load nothing more.
/// ``refresh()`` fetches the first page again, which starts the list over.
public final class APIQueryPager<Query: GraphQLQuery>: Sendable {
    private enum Direction: Hashable {
        case forward
        case backward
    }

    /// The client whose cache holds the pages.
    public let client: APIClient
    private let makeQuery: @Sendable (GraphQLPageRequest) -> Query
    private let pageInfo: @Sendable (Query.Data) -> GraphQLPageInfo
    /// How ``values()`` gets its first value.
    public let cachePolicy: CachePolicy
    private let options: RequestOptions
    /// The page loads under way, one per direction, which later calls join.
    private let loads = Lock<[Direction: Task<Bool, any Error>]>([:])

    /// A pager over the pages `query` makes; `pageInfo` reads the connection's page information from the data.
    ///
    /// - Parameters:
    ///   - client: a client with a cache (a precondition).
    ///   - cachePolicy: how ``values()`` gets its first value; `cacheFirst` shows what is cached (every page loaded
    ///     before) and fetches the first page only when nothing is.
    ///   - options: the options of every page's request (headers, time limit); their cache policy is ignored.
    ///   - query: the query for a page: the first, the one after a cursor, or the one before a cursor.
    ///   - pageInfo: the connection's page information in the query's data (the merged list's, read from the cache).
    public init(
        client: APIClient,
        cachePolicy: CachePolicy = .cacheFirst,
        options: RequestOptions = RequestOptions(),
        query: @escaping @Sendable (GraphQLPageRequest) -> Query,
        pageInfo: @escaping @Sendable (Query.Data) -> GraphQLPageInfo
    ) {
        precondition(client.configuration.cache != nil, "APIQueryPager needs a client with a cache to merge pages in")
        self.client = client
        self.cachePolicy = cachePolicy
        self.options = options
        self.makeQuery = query
        self.pageInfo = pageInfo
    }

    /// The name of the paged query, which its errors carry.
    var operationName: String { makeQuery(.first).__operationName }

    /// The merged list as it grows: the first page's query watched in the cache (``APIClient/watch(_:cachePolicy:options:)``).
    public func values() -> APIQueryWatch<Query.Data> {
        client.watch(makeQuery(.first), cachePolicy: cachePolicy, options: options)
    }

    /// The list loaded so far, read from the cache: the first page's query with every page merged in; `nil` before the
    /// first page.
    public func cachedValue() -> Query.Data? {
        try? client.configuration.cache?.read(makeQuery(.first))
    }

    /// The connection's page information in `data` (a value of ``values()`` or ``cachedValue()``).
    public func pageInfo(of data: Query.Data) -> GraphQLPageInfo {
        pageInfo(data)
    }

    /// The page information of the list loaded so far; `nil` before the first page.
    public func currentPageInfo() -> GraphQLPageInfo? {
        guard let cache = client.configuration.cache, let data = try? cache.read(makeQuery(.first)) else { return nil }
        return pageInfo(data)
    }

    /// Loads the page after the last one loaded (the first page when none is); `false` when the server has no more
    /// and nothing was sent.
    @discardableResult
    public func loadNext() async throws(APIError) -> Bool {
        try await load(.forward)
    }

    /// Loads the page before the first one loaded; `false` when the server has none before it, or nothing is loaded.
    @discardableResult
    public func loadPrevious() async throws(APIError) -> Bool {
        try await load(.backward)
    }

    /// Fetches the first page from the network; the cache's list starts over from it.
    public func refresh() async throws(APIError) {
        _ = try await client.execute(makeQuery(.first), options: networkOptions)
    }

    private var networkOptions: RequestOptions {
        var options = options
        options.cachePolicy = .networkOnly
        return options
    }

    private func load(_ direction: Direction) async throws(APIError) -> Bool {
        let task = loads.withLock { running in
            if let load = running[direction] { return load }
            let task = Task<Bool, any Error> { [self] in
                defer { _ = loads.withLock { $0.removeValue(forKey: direction) } }
                return try await fetch(direction)
            }
            running[direction] = task
            return task
        }
        do {
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            throw APIError(wrapping: error, operationName: operationName)
        }
    }

    private func fetch(_ direction: Direction) async throws(APIError) -> Bool {
        let request: GraphQLPageRequest
        switch (direction, currentPageInfo()) {
        case (.forward, nil):
            request = .first
        case (.forward, let info?):
            guard info.hasNextPage, let cursor = info.endCursor else { return false }
            request = .next(after: cursor)
        case (.backward, nil):
            return false
        case (.backward, let info?):
            guard info.hasPreviousPage, let cursor = info.startCursor else { return false }
            request = .previous(before: cursor)
        }
        _ = try await client.execute(makeQuery(request), options: networkOptions)
        return true
    }
}
