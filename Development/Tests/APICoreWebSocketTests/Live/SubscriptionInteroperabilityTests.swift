import APICoreKit
import APICoreTestSupport
import APICoreWebSocket
import Foundation
import Testing

/// Subscriptions against two independent servers, strawberry-graphql and ariadne, in both protocols.
@Suite("Subscriptions: interoperability")
struct SubscriptionInteroperabilityTests {
    static let servers: [ReferenceServer.Implementation] = [.strawberry, .ariadne]
    static let combinations: [(ReferenceServer.Implementation, GraphQLWebSocketProtocol)] = [
        (.strawberry, .graphQLTransportWS), (.strawberry, .graphQLWS), (.ariadne, .graphQLTransportWS),
        (.ariadne, .graphQLWS),
    ]

    @Test("receives every event, then the server completes", arguments: combinations)
    func countdown(implementation: ReferenceServer.Implementation, wireProtocol: GraphQLWebSocketProtocol) async throws
    {
        let live = LiveSubscriptionClient(try await ReferenceServer.shared(implementation), wireProtocol: wireProtocol)
        let (events, error) = await collect(live.client.subscribe(CountdownSubscription(from: 4)))
        #expect(error == nil)
        #expect(events.map(\.value.countdown) == [4, 3, 2, 1, 0])
        #expect(events.allSatisfy { $0.errors.isEmpty && $0.metadata.operationName == "Countdown" })
    }

    @Test("the server completes an event stream it was told to finish", arguments: combinations)
    func completeFromServer(
        implementation: ReferenceServer.Implementation, wireProtocol: GraphQLWebSocketProtocol
    )
        async throws
    {
        let live = LiveSubscriptionClient(try await ReferenceServer.shared(implementation), wireProtocol: wireProtocol)
        let key = "complete-\(UUID().uuidString)"
        var texts: [String] = []
        for try await event in live.client.subscribe(EventsSubscription(key: key)) {
            texts.append(event.value.events.text)
            if event.value.events.text == "subscribed" {
                _ = try await live.mutate(
                    #"mutation { publishEvent(key: "\#(key)", text: "one") }"#, field: "publishEvent")
                _ = try await live.mutate(
                    #"mutation { publishEvent(key: "\#(key)", text: "two") }"#, field: "publishEvent")
                let finished = try await live.mutate(
                    #"mutation { finishEvents(key: "\#(key)") }"#, field: "finishEvents")
                #expect(finished == 1)
            }
        }
        #expect(texts == ["subscribed", "one", "two"])
    }

    @Test("leaving the loop completes the subscription on the server", arguments: combinations)
    func completeFromClient(
        implementation: ReferenceServer.Implementation, wireProtocol: GraphQLWebSocketProtocol
    )
        async throws
    {
        let live = LiveSubscriptionClient(try await ReferenceServer.shared(implementation), wireProtocol: wireProtocol)
        let key = "client-complete-\(UUID().uuidString)"
        let first = await collect(live.client.subscribe(EventsSubscription(key: key)), limit: 1)
        #expect(first.values.map(\.value.events.text) == ["subscribed"])
        // The same socket carries the first subscription's complete before the second's subscribe, so once the
        // second is live the server has dropped the first: a published event reaches exactly one subscriber.
        var texts: [String] = []
        for try await event in live.client.subscribe(EventsSubscription(key: key)) {
            texts.append(event.value.events.text)
            if texts.count == 1 {
                let receivers = try await live.mutate(
                    #"mutation { publishEvent(key: "\#(key)", text: "only") }"#, field: "publishEvent")
                #expect(receivers == 1)
            } else {
                break
            }
        }
        #expect(texts == ["subscribed", "only"])
        #expect(await live.transport.connectionsOpened == 1)
    }

    @Test(
        "an error raised by the server's event source fails the stream with its GraphQL error",
        arguments: combinations)
    func serverError(
        implementation: ReferenceServer.Implementation, wireProtocol: GraphQLWebSocketProtocol
    )
        async throws
    {
        let live = LiveSubscriptionClient(try await ReferenceServer.shared(implementation), wireProtocol: wireProtocol)
        let (events, error) = await collect(live.client.subscribe(FailAfterSubscription(count: 2)))
        #expect(events.map(\.value.failAfter) == [1, 2])
        let failure = try #require(error)
        #expect(failure.code == .graphQL)
        #expect(failure.graphQLErrors.map(\.message) == ["subscription failed"])
    }

    @Test("a document the server rejects fails with the server's GraphQL error", arguments: combinations)
    func validationError(
        implementation: ReferenceServer.Implementation, wireProtocol: GraphQLWebSocketProtocol
    )
        async throws
    {
        let live = LiveSubscriptionClient(try await ReferenceServer.shared(implementation), wireProtocol: wireProtocol)
        let (events, error) = await collect(live.client.subscribe(UnknownFieldSubscription()))
        #expect(events.isEmpty)
        let failure = try #require(error)
        #expect(failure.code == .graphQL)
        #expect(failure.graphQLErrors.first?.message.contains("noSuchField") == true)
    }

    @Test("two concurrent subscriptions share one socket", arguments: combinations)
    func multiplexing(
        implementation: ReferenceServer.Implementation, wireProtocol: GraphQLWebSocketProtocol
    )
        async throws
    {
        let live = LiveSubscriptionClient(try await ReferenceServer.shared(implementation), wireProtocol: wireProtocol)
        async let long = collect(live.client.subscribe(CountdownSubscription(from: 6, intervalMs: 10)))
        async let short = collect(live.client.subscribe(CountdownSubscription(from: 3, intervalMs: 10)))
        let (longEvents, shortEvents) = await (long, short)
        #expect(longEvents.error == nil && shortEvents.error == nil)
        #expect(longEvents.values.map(\.value.countdown) == [6, 5, 4, 3, 2, 1, 0])
        #expect(shortEvents.values.map(\.value.countdown) == [3, 2, 1, 0])
        #expect(await live.transport.connectionsOpened == 1)
    }
}
