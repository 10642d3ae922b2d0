import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// `@stream` end to end against strawberry, which streams a list with graphql-core's incremental delivery (the current
/// format: `pending`, then `incremental` entries of `items`, then `completed`). Each item after the first waits on
/// the server for a gate the test opens, so the items arrive one at a time and no clock decides anything.
@Suite("@stream: live against strawberry", .timeLimit(.minutes(10)))
struct StreamLiveTests {
    @Test(
        "a streamed list reaches the caller, the cache and a watcher item by item, as strawberry produces them",
        arguments: TestTransport.allCases)
    func streamedIntoAWatchedList(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(cache: CacheStore(), path: "/streaming/graphql")
        let gate = live.key
        let query = StreamedItemsQuery(count: 3, gate: .some(gate))
        var watch = client.watch(query, cachePolicy: .cacheOnly).makeAsyncIterator()
        guard case .failure(let miss)? = await watch.next() else {
            Issue.record("the watch had a value before anything was fetched")
            return
        }
        #expect(miss.code == .cacheMiss)

        var responses = client.executeIncrementally(query).makeAsyncIterator()
        var arrived = try #require(try await responses.next())
        #expect(arrived.value.streamedItems.map(\.position) == [1])
        for position in 2...3 {
            // The server has not produced this item yet: its resolver waits on the gate.
            _ = try await live.gateWaiters("\(gate)-\(position)", count: 1)
            let shown = Array(1..<position)
            #expect(try await watch.next()?.get().value.streamedItems.map(\.position) == shown)
            let cached = try await client.execute(query, options: RequestOptions(cachePolicy: .cacheOnly))
            #expect(cached.value.streamedItems.map(\.title) == shown.map { "Item \($0)" })
            #expect(try await live.openGate("\(gate)-\(position)") == 1)
            arrived = try #require(try await responses.next())
            #expect(arrived.value.streamedItems.map(\.position) == Array(1...position))
        }
        #expect(try await watch.next()?.get().value.streamedItems.map(\.id) == ["item-1", "item-2", "item-3"])
        #expect(try await responses.next().map { _ in "another value" } == nil)
        #expect(arrived.metadata.source == .network)
    }

    @Test(
        "with nothing to wait for, the whole list arrives and the cache holds it whole",
        arguments: TestTransport.allCases)
    func streamedWithoutGates(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(cache: CacheStore(), path: "/streaming/graphql")
        var last: [Int] = []
        for try await response in client.executeIncrementally(StreamedItemsQuery(count: 5)) {
            let positions = response.value.streamedItems.map(\.position)
            // Each payload adds items at the end, in order.
            #expect(Array(positions.prefix(last.count)) == last)
            last = positions
        }
        #expect(last == [1, 2, 3, 4, 5])
        let cached = try await client.execute(
            StreamedItemsQuery(count: 5), options: RequestOptions(cachePolicy: .cacheOnly))
        #expect(cached.value.streamedItems.map(\.title) == (1...5).map { "Item \($0)" })
    }
}
