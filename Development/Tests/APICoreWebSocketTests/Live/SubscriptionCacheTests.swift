import APICoreDynamic
import APICoreKit
import APICoreTestSupport
import APICoreWebSocket
import Foundation
import Testing

/// Subscription events are written to the client's normalized cache as they are decoded, and cache watchers see them.
@Suite("Subscriptions: the normalized cache", .timeLimit(.minutes(10)))
struct SubscriptionCacheTests {
    @Test(
        "each event is written to the cache, and a watcher of the subscription's data sees them in order, ending on the last"
    )
    func eventsReachCacheWatchers() async throws {
        let store = CacheStore()
        let live = LiveSubscriptionClient(try await ReferenceServer.shared(.strawberry), cache: store)
        let subscription = CountdownSubscription(from: 3)

        // Watching before any event: the first element is the miss.
        var watch = store.watch(subscription).makeAsyncIterator()
        let initial = try #require(await watch.next())
        #expect((try? initial.get()) == nil)

        let (events, error) = await collect(live.client.subscribe(subscription))
        #expect(error == nil)
        #expect(events.map(\.value.countdown) == [3, 2, 1, 0])

        // The subscription's stream has every event; a watcher may see events that land before it reads again as one
        // (the last of them), and always ends on the last.
        var seen: [Int] = []
        while seen.last != 0, let next = await watch.next() {
            if case .success(let data) = next { seen.append(data.countdown) }
        }
        #expect(!seen.isEmpty && seen.allSatisfy([3, 2, 1, 0].contains) && seen == seen.sorted(by: >), "\(seen)")
        #expect(try store.read(subscription).countdown == 0)
        let root = try #require(try store.record(for: .subscriptionRoot))
        #expect(root[#"countdown(from:3,intervalMs:0)"#] == .value(.int(0)))
    }

    @Test(
        "a subscription compiled at run time streams its events through the pipeline into the records a generated one reads"
    )
    func dynamicSubscription() async throws {
        let compiled = try ReferenceSchema.runtime.compile(document: CountdownSubscription.document)
        #expect(compiled.operationType == .subscription)
        let store = CacheStore()
        let live = LiveSubscriptionClient(try await ReferenceServer.shared(.strawberry), cache: store)

        let (events, error) = await collect(
            live.client.subscribe(GraphQLDynamicSubscription(compiled, variables: ["from": 2, "intervalMs": 0])))
        #expect(error == nil)
        #expect(events.map { $0.value.object["countdown"] } == [2, 1, 0])
        #expect(events.allSatisfy { $0.metadata.operationName == "Countdown" })
        // The events were normalized under the generated operation's keys.
        #expect(try store.read(CountdownSubscription(from: 2)).countdown == 0)

        // A subscription document that does not validate is refused with its problem located.
        let invalid = #expect(throws: GraphQLDocumentError.self) {
            try ReferenceSchema.runtime.compile(document: "subscription { countdown }")
        }
        #expect(invalid?.problems.first?.rule == "ProvidedRequiredArguments")
    }
}
