import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// Subscriptions over multipart HTTP against strawberry, routed through `APIClientConfiguration.subscriptionTransport`
/// while queries keep the HTTP transport.
@Suite("Subscriptions over multipart HTTP: live", .timeLimit(.minutes(10)))
struct MultipartSubscriptionTests {
    /// A client whose subscriptions go over multipart HTTP to `path`.
    static func client(_ live: LiveClient, path: String = "/streaming/graphql", cache: CacheStore? = nil) -> APIClient {
        live.client(path: path) { configuration in
            configuration.cache = cache
            configuration.subscriptionTransport = MultipartSubscriptionTransport(configuration: configuration)
        }
    }

    @Test(
        "each event arrives, the server completes, and every event is written to the cache",
        arguments: TestTransport.allCases)
    func eventsThenCompletion(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let store = CacheStore()
        let client = Self.client(live, cache: store)
        let subscription = CountdownSubscription(from: 3)
        var values: [Int] = []
        for try await event in client.subscribe(subscription) {
            #expect(event.errors.isEmpty)
            values.append(event.value.countdown)
        }
        #expect(values == [3, 2, 1, 0])
        #expect(try store.read(subscription).countdown == 0)
        // Queries still go over the HTTP transport of the same client.
        let user = try await client.execute(
            UserDetailsQuery(id: "2"), options: RequestOptions(cachePolicy: .networkOnly))
        #expect(user.value.user?.name == "Grace Hopper")
    }

    @Test(
        "events are delivered one by one, each before the next exists on the server",
        arguments: TestTransport.allCases)
    func eventsArriveAsPublished(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = Self.client(live)
        var events = client.subscribe(EventsSubscription(key: live.key)).makeAsyncIterator()
        let subscribed = try #require(try await events.next())
        #expect(subscribed.value.events.text == "subscribed")
        #expect(try await publish(live, client, "first") == 1)
        #expect(try await events.next()?.value.events.text == "first")
        #expect(try await finish(live, client) == 1)
        #expect(try await events.next().map { _ in "another event" } == nil)
    }

    @Test("an error from the event source ends the stream with the events before it", arguments: TestTransport.allCases)
    func serverErrorMidStream(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let (values, error) = await collectValues(Self.client(live).subscribe(FailAfterSubscription(count: 2)))
        #expect(values.map(\.value.failAfter) == [1, 2])
        #expect(error?.code == .graphQL)
        #expect(error?.graphQLErrors.first?.message == "subscription failed")
    }

    @Test("cancelling the consumer ends the subscription on the server", arguments: TestTransport.allCases)
    func cancellationReachesTheServer(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = Self.client(live)
        for try await event in client.subscribe(EventsSubscription(key: live.key)) {
            #expect(event.value.events.sequence == 0)
            break
        }
        try await live.waitForEventSubscribers(live.key, count: 0)
        #expect(try await publish(live, client, "nobody listens") == 0)
    }

    @Test("a document that does not validate fails with its GraphQL errors", arguments: TestTransport.allCases)
    func validationError(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let (values, error) = await collectValues(Self.client(live).subscribe(UnknownFieldSubscription()))
        #expect(values.isEmpty)
        #expect(error?.code == .graphQL)
        #expect(error?.graphQLErrors.isEmpty == false)
    }

    @Test("a wrong content type and a failing status are typed errors", arguments: TestTransport.allCases)
    func wrongAnswers(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let wrongType = await collectValues(
            Self.client(live, path: "/wrongtype/graphql").subscribe(CountdownSubscription(from: 1)))
        #expect(wrongType.error?.code == .invalidResponse)
        let failing = await collectValues(
            Self.client(live, path: "/status/503/plain").subscribe(CountdownSubscription(from: 1)))
        #expect(failing.error?.code == .httpStatus)
        #expect(failing.error?.statusCode == 503)
    }

    private func publish(_ live: LiveClient, _ client: APIClient, _ text: String) async throws -> Int64? {
        let document = #"mutation { publishEvent(key: "\#(live.key)", text: "\#(text)") }"#
        return try await client.execute(document: document, as: JSONValue.self).value["publishEvent"]?.intValue
    }

    private func finish(_ live: LiveClient, _ client: APIClient) async throws -> Int64? {
        let document = #"mutation { finishEvents(key: "\#(live.key)") }"#
        return try await client.execute(document: document, as: JSONValue.self).value["finishEvents"]?.intValue
    }
}
