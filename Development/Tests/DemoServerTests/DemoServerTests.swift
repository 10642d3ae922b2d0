import APICoreKit
import APICoreTestSupport
import APICoreWebSocket
import DemoServerKit
import Foundation
import Testing

/// The demo server over real HTTP and WebSocket on loopback, driven by `APIClient`.
@Suite("DemoServer")
struct DemoServerTests {
    struct UserData: Decodable, Sendable {
        var user: DemoUser?
    }

    struct ProductData: Decodable, Sendable {
        var product: DemoProduct?
    }

    struct UpdateUserData: Decodable, Sendable {
        var updateUser: DemoUser?
    }

    struct PriceData: Decodable, Sendable {
        var updateProductPrice: DemoProduct?
    }

    static let userDocument = "query User($id: ID!) { user(id: $id) { id name email role createdAt } }"
    static let productDocument =
        "query Product($id: ID!) { product(id: $id) { id name category priceCents inStock } }"

    /// Runs `body` against a fresh server and a client for it, and stops the server afterwards.
    static func withServer(_ body: (RunningDemoServer, APIClient) async throws -> Void) async throws {
        let server = try await DemoServer.start(port: 0)
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: server.graphQLURL)!,
                restBaseURL: URL(string: server.restBaseURL)!,
                transport: TestTransport.platform.make(),
                subscriptionTransport: WebSocketSubscriptionTransport(
                    url: URL(string: server.webSocketURL)!, connector: platformWebSocketConnector)))
        do {
            try await body(server, client)
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    @Test("a user by GraphQL (POST and GET) equals the same user by REST and the seeded record")
    func userByGraphQLAndREST() async throws {
        try await Self.withServer { server, client in
            let variables = JSONObject(variables: ["id": "u2"])
            let posted = try await client.execute(document: Self.userDocument, variables: variables, as: UserData.self)
            let fetched = try await client.execute(
                document: Self.userDocument, variables: variables, as: UserData.self,
                options: RequestOptions(queryMethod: .get))
            let rest = try await client.send(RESTCall<DemoUser, EmptyBody>(.get, "/users/u2"))
            #expect(posted.value.user == rest.value)
            #expect(fetched.value.user == rest.value)
            #expect(rest.value == server.store.user(id: "u2"))
        }
    }

    @Test("a Long beyond 32 bits arrives intact by GraphQL and by REST")
    func longPrice() async throws {
        try await Self.withServer { _, client in
            let graphQL = try await client.execute(
                document: Self.productDocument, variables: JSONObject(variables: ["id": "p4"]), as: ProductData.self)
            let rest = try await client.send(RESTCall<DemoProduct, EmptyBody>(.get, "/products/p4"))
            #expect(graphQL.value.product?.priceCents == 5_000_000_000)
            #expect(graphQL.value.product == rest.value)
            let all = try await client.send(RESTCall<[DemoProduct], EmptyBody>(.get, "/products"))
            #expect(all.value == DemoStore.seedProducts)
        }
    }

    @Test("updateUser changes what REST serves, and PATCH changes what GraphQL serves")
    func mutations() async throws {
        try await Self.withServer { _, client in
            let updated = try await client.execute(
                document: "mutation Rename($id: ID!, $name: String!) { updateUser(id: $id, input: {name: $name}) "
                    + "{ id name email role createdAt } }",
                variables: JSONObject(variables: ["id": "u1", "name": "Ada King"]), as: UpdateUserData.self)
            #expect(updated.value.updateUser?.name == "Ada King")
            let rest = try await client.send(RESTCall<DemoUser, EmptyBody>(.get, "/users/u1"))
            #expect(rest.value == updated.value.updateUser)

            let patched = try await client.send(
                RESTCall<DemoUser, DemoUserUpdate>(.patch, "/users/u1", body: DemoUserUpdate(email: "ada@king.example"))
            )
            let graphQL = try await client.execute(
                document: Self.userDocument, variables: JSONObject(variables: ["id": "u1"]), as: UserData.self)
            #expect(graphQL.value.user == patched.value)
            #expect(patched.value.name == "Ada King")
            #expect(patched.value.email == "ada@king.example")
        }
    }

    @Test("a priceChanged subscription over WebSocket receives the prices that mutations set")
    func priceSubscription() async throws {
        try await Self.withServer { server, client in
            let events = client.subscribe(PriceChangedSubscription(productId: "p2"))
            let received = Task {
                var prices: [Int64] = []
                for try await event in events {
                    prices.append(event.value.priceChanged.priceCents)
                    if prices.count == 2 { break }
                }
                return prices
            }
            await server.store.waitForPriceListener(productID: "p2")
            for cents in [Int64(11_900), 10_900] {
                _ = try await client.execute(
                    document:
                        "mutation Price($id: ID!, $cents: Long!) { updateProductPrice(id: $id, priceCents: $cents) "
                        + "{ id name category priceCents inStock } }",
                    variables: JSONObject(variables: ["id": "p2", "cents": cents]), as: PriceData.self)
            }
            #expect(try await received.value == [11_900, 10_900])
        }
    }

    @Test("the failure switch answers GraphQL with 503 while REST keeps working")
    func failureSwitch() async throws {
        try await Self.withServer { server, client in
            server.setGraphQLFailing(true)
            let error = await #expect(throws: APIError.self) {
                _ = try await client.execute(
                    document: Self.userDocument, variables: JSONObject(variables: ["id": "u3"]), as: UserData.self)
            }
            #expect(error?.statusCode == 503)
            let rest = try await client.send(RESTCall<DemoUser, EmptyBody>(.get, "/users/u3"))
            #expect(rest.value.name == "Grace Hopper")

            server.setGraphQLFailing(false)
            let user = try await client.execute(
                document: Self.userDocument, variables: JSONObject(variables: ["id": "u3"]), as: UserData.self)
            #expect(user.value.user == rest.value)
        }
    }

    @Test("an unknown REST id is 404")
    func restNotFound() async throws {
        try await Self.withServer { _, client in
            let error = await #expect(throws: APIError.self) {
                _ = try await client.send(RESTCall<DemoUser, EmptyBody>(.get, "/users/nobody"))
            }
            #expect(error?.statusCode == 404)
        }
    }
}
