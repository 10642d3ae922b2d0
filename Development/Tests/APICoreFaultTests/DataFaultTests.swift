import APICoreCache
import APICoreGraphQL
import APICoreKit
import APICoreTestSupport
import Foundation
import StarWarsFixture
import Testing

/// Well-formed responses whose data breaks the schema's promises: nulls in non-null fields, values the client does not
/// know, repeated keys, values of the wrong kind.
@Suite("Data faults", .timeLimit(.minutes(10)))
struct DataFaultTests {
    /// Runs `test` with a harness on a server that answers every request with `body`, then stops the server.
    private func withHarness(
        _ body: String,
        transport: TestTransport,
        _ test: (FaultHarness) async throws -> Void
    ) async throws {
        try await FaultServer.with(.json(body)) { server in
            try await test(FaultHarness(server: server, transport: transport))
        }
    }

    // MARK: - Null in a non-null field

    @Test(
        "a null name of a friend makes that friend null, keeps the others and adds an error at the field's path",
        arguments: TestTransport.allCases)
    func nullInListElement(transport: TestTransport) async throws {
        try await withHarness(
            #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":["#
                + #"{"__typename":"Human","id":"1000","name":"Luke Skywalker"},"#
                + #"{"__typename":"Human","id":"1002","name":null}]}}}"#, transport: transport
        ) { harness in
            let response = try await harness.heroAndFriends().get()
            let friends = try #require(response.value.hero?.friends)
            #expect(friends.count == 2)
            #expect(friends[0]?.name == "Luke Skywalker")
            #expect(friends[1] == nil)
            #expect(response.errors.count == 1)
            #expect(response.errors.first?.path == [.field("hero"), .field("friends"), .index(1), .field("name")])
            #expect(response.errors.first?.code == GraphQLNullPropagation.errorCode)

            // The cache holds the repaired data, so a cache read gives the same partial result.
            let cached = try await harness.client.execute(
                HeroAndFriendsNamesWithIDsQuery(), options: RequestOptions(cachePolicy: .cacheOnly))
            #expect(cached.value.hero?.friends?.map { $0?.name } == ["Luke Skywalker", nil])
        }
    }

    @Test(
        "a null name of the hero goes up to the nullable hero; the server's own error is kept, not repeated",
        arguments: TestTransport.allCases)
    func nullPropagatesToNullableParent(transport: TestTransport) async throws {
        try await withHarness(
            #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":null,"friends":[]}},"#
                + #""errors":[{"message":"name failed","path":["hero","name"]}]}"#, transport: transport
        ) { harness in
            let response = try await harness.heroAndFriends().get()
            #expect(response.value.hero == nil)
            #expect(response.errors.map(\.message) == ["name failed"])
        }
    }

    @Test("a null non-null list goes up to its nullable parent", arguments: TestTransport.allCases)
    func nullNonNullList(transport: TestTransport) async throws {
        try await withHarness(
            #"{"data":{"hero":{"__typename":"Human","appearsIn":null}}}"#, transport: transport
        ) { harness in
            let response = try await harness.execute(HeroAppearsInQuery()).get()
            #expect(response.value.hero == nil)
            #expect(response.errors.first?.path == [.field("hero"), .field("appearsIn")])
        }
    }

    @Test(
        "with errors made fatal, a repaired response fails with its errors and writes nothing",
        arguments: TestTransport.allCases)
    func repairedResponseWithFatalErrors(transport: TestTransport) async throws {
        try await withHarness(
            #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":null,"friends":[]}}}"#, transport: transport
        ) { harness in
            let error = try #require(
                harness.error(
                    of: await harness.execute(
                        HeroAndFriendsNamesWithIDsQuery(), options: RequestOptions(errorPolicy: .failOnErrors))))
            #expect(error.code == .graphQL)
            #expect(error.graphQLErrors.first?.path == [.field("hero"), .field("name")])
            #expect(harness.cachedKeys.isEmpty)
        }
    }

    @Test(
        "a subscription event with a null in a non-null field is repaired the same way, over multipart HTTP",
        arguments: TestTransport.allCases)
    func nullInSubscriptionEvent(transport: TestTransport) async throws {
        let part =
            #"{"payload":{"data":{"reviewAdded":{"__typename":"Review","episode":"JEDI","stars":null,"commentary":"x"}}}}"#
        let body = "--graphql\r\nContent-Type: application/json\r\n\r\n\(part)\r\n--graphql--\r\n"
        try await FaultServer.with(
            .response(
                status: 200, headers: [("Content-Type", #"multipart/mixed; boundary="graphql""#)],
                body: Array(body.utf8))
        ) { server in
            let harness = FaultHarness(server: server, transport: transport) {
                $0.subscriptionTransport = MultipartSubscriptionTransport(configuration: $0)
            }
            var events: [APIResponse<ReviewAddedSubscription.Data>] = []
            for try await event in harness.client.subscribe(ReviewAddedSubscription()) { events.append(event) }
            #expect(events.count == 1)
            let event = try #require(events.first)
            #expect(event.value.reviewAdded == nil)
            #expect(event.errors.map(\.path) == [[.field("reviewAdded"), .field("stars")]])
        }
    }

    // MARK: - Values the client does not know

    @Test(
        "an enum value added to the schema later decodes as unknown, keeping its spelling, and survives the cache",
        arguments: TestTransport.allCases)
    func unknownEnumValue(transport: TestTransport) async throws {
        try await withHarness(
            #"{"data":{"hero":{"__typename":"Human","appearsIn":["NEWHOPE","THE_MANDALORIAN",null]}}}"#,
            transport: transport
        ) { harness in
            let response = try await harness.execute(HeroAppearsInQuery()).get()
            #expect(response.value.hero?.appearsIn == [.known(.newhope), .unknown("THE_MANDALORIAN"), nil])
            let cached = try await harness.client.execute(
                HeroAppearsInQuery(), options: RequestOptions(cachePolicy: .cacheOnly))
            #expect(cached.value.hero?.appearsIn == response.value.hero?.appearsIn)
        }
    }

    @Test(
        "an unknown __typename matches no type case, and the shared fields still decode",
        arguments: TestTransport.allCases)
    func unknownTypename(transport: TestTransport) async throws {
        try await withHarness(
            #"{"data":{"hero":{"__typename":"Wookiee","name":"Chewbacca"}}}"#, transport: transport
        ) { harness in
            let response = try await harness.execute(HeroDetailsQuery()).get()
            let hero = try #require(response.value.hero)
            #expect(hero.name == "Chewbacca")
            #expect(hero.asHuman == nil)
            #expect(hero.asDroid == nil)
            #expect(hero.__typename == "Wookiee")
        }
    }

    @Test(
        "a missing __typename where a type case needs it is a decoding error at that object; nothing is cached",
        arguments: TestTransport.allCases)
    func missingTypename(transport: TestTransport) async throws {
        try await withHarness(#"{"data":{"hero":{"name":"Chewbacca"}}}"#, transport: transport) { harness in
            let error = try #require(harness.error(of: await harness.execute(HeroDetailsQuery())))
            #expect(error.code == .decoding)
            #expect((error.underlying as? GraphQLDecodingError)?.reason == .missingTypename)
            #expect(harness.cachedKeys.isEmpty)
        }
    }

    @Test(
        "a value of the wrong kind is a decoding error with its path; nothing is cached",
        arguments: TestTransport.allCases)
    func wrongKind(transport: TestTransport) async throws {
        try await withHarness(
            #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":42,"friends":[]}}}"#, transport: transport
        ) { harness in
            let error = try #require(harness.error(of: await harness.heroAndFriends()))
            #expect(error.code == .decoding)
            #expect(error.responsePath == [.field("hero"), .field("name")])
            #expect(harness.cachedKeys.isEmpty)
        }
    }

    // MARK: - Repeated keys

    @Test(
        "a repeated key keeps its last value, as ECMAScript's JSON.parse does, in the data and in the cache",
        arguments: TestTransport.allCases)
    func duplicateKeys(transport: TestTransport) async throws {
        try await withHarness(
            #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"first","friends":[],"name":"R2-D2"}}}"#,
            transport: transport
        ) { harness in
            let response = try await harness.heroAndFriends().get()
            #expect(response.value.hero?.name == "R2-D2")
            let cached = try await harness.client.execute(
                HeroAndFriendsNamesWithIDsQuery(), options: RequestOptions(cachePolicy: .cacheOnly))
            #expect(cached.value.hero?.name == "R2-D2")
        }
    }

    @Test("a repeated data member keeps the last one", arguments: TestTransport.allCases)
    func duplicateData(transport: TestTransport) async throws {
        try await withHarness(
            #"{"data":{"hero":null},"data":{"hero":{"__typename":"Human","name":"Leia","height":1.5}}}"#,
            transport: transport
        ) { harness in
            let response = try await harness.execute(HeroDetailsQuery()).get()
            #expect(response.value.hero?.name == "Leia")
        }
    }
}
