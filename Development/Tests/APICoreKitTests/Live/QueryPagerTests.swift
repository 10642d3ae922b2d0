import APICoreKit
import APICoreSQLite
import APICoreTestSupport
import Foundation
import Testing

/// The pager against strawberry's 250-item `items` connection, in pages of 20.
@Suite("Paging a connection through the cache, live")
struct QueryPagerTests {
    private static func pager(_ client: APIClient) -> APIQueryPager<ItemsQuery> {
        APIQueryPager(client: client) { request in
            switch request {
            case .first: ItemsQuery(first: 20)
            case .next(let cursor): ItemsQuery(first: 20, after: .some(cursor))
            case .previous(let cursor): ItemsQuery(last: 20, before: .some(cursor))
            }
        } pageInfo: { data in
            let info = data.items.pageInfo
            return GraphQLPageInfo(
                hasNextPage: info.hasNextPage, hasPreviousPage: info.hasPreviousPage, startCursor: info.startCursor,
                endCursor: info.endCursor)
        }
    }

    private static func cache(_ file: URL) throws -> CacheStore {
        CacheStore(
            cache: try SQLiteNormalizedCache(fileURL: file),
            keyResolver: CacheKeyResolver(typePolicies: ReferenceSchema.typePolicies))
    }

    @Test(
        "13 pages of 20 merge into the 250 items in order, watched, and read back offline from the SQLite file",
        arguments: TestTransport.allCases)
    func pagesThroughTheCache(transport: TestTransport) async throws {
        let server = try await ReferenceServer.start(.strawberry)
        let live = LiveClient(server: server, key: LiveClient.uniqueKey(#function), transport: transport)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pager-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache.sqlite")

        let client = live.client(cache: try Self.cache(file))
        let pager = Self.pager(client)
        // The view model's loop: the merged list, each time it changes; the first value is the first page.
        var lists = pager.values().makeAsyncIterator()
        let first = try #require(await lists.next()).get().value.items.edges.map(\.node.position)
        #expect(first == Array(1...20))
        var pages = 0
        while try await pager.loadNext() { pages += 1 }
        var last = first
        while last.count < 250, let element = await lists.next() {
            last = try element.get().value.items.edges.map(\.node.position)
            #expect(last == Array(1...last.count))
        }
        #expect(last == Array(1...250))
        // The watcher's first page plus twelve more: 13 requests, and nothing once the server says it has no more.
        #expect(pages == 12)
        #expect(try await live.requestCount() == 13)
        #expect(try await pager.loadNext() == false)
        #expect(pager.currentPageInfo()?.hasNextPage == false)

        server.stop()
        let offline = live.client(cache: try Self.cache(file))
        var values = Self.pager(offline).values().makeAsyncIterator()
        let restored = try #require(await values.next()).get()
        #expect(restored.metadata.source == .cache)
        #expect(restored.value.items.edges.map(\.node.position) == Array(1...250))
        #expect(restored.value.items.pageInfo.endCursor == ItemPages.cursor(250))
    }

    @Test(
        "loadNext called ten times at once loads one page; refresh starts the list over",
        arguments: TestTransport.allCases)
    func concurrentLoadsAndRefresh(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let store = CacheStore(keyResolver: CacheKeyResolver(typePolicies: ReferenceSchema.typePolicies))
        let client = live.client(cache: store)
        let pager = Self.pager(client)
        #expect(try await pager.loadNext())  // the first page
        let loaded = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<10 { group.addTask { (try? await pager.loadNext()) ?? false } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(loaded.allSatisfy { $0 })
        #expect(try await live.requestCount() == 2)
        #expect(try store.read(ItemsQuery(first: 20)).items.edges.count == 40)

        try await pager.refresh()
        #expect(try store.read(ItemsQuery(first: 20)).items.edges.map(\.node.position) == Array(1...20))
        #expect(try await pager.loadPrevious() == false)
        #expect(try await live.requestCount() == 3)
    }
}
