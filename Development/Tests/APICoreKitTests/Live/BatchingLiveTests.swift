import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// Batching against independent servers: strawberry batches with its own implementation (at most 10 operations a
/// request, run concurrently); ariadne does not batch and answers an array with one error. The batch's size cap
/// sends it, never its window, so no clock decides what goes in one request.
@Suite("Batching: live against strawberry and ariadne", .timeLimit(.minutes(10)))
struct BatchingLiveTests {
    static let sixAtOnce = GraphQLBatching(window: .seconds(600), maximumOperations: 6)

    @Test(
        "six queries from one screen go to strawberry in one HTTP request, and each caller gets its own result",
        arguments: TestTransport.allCases)
    func sixQueriesOneRequest(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client { $0.batching = Self.sixAtOnce }
        async let ada = client.execute(UserDetailsQuery(id: "1", withEmail: true))
        async let grace = client.execute(UserDetailsQuery(id: "2"))
        async let alan = client.execute(UserDetailsQuery(id: "3", withEmail: true))
        async let engine = client.execute(ProductQuery(id: "1"))
        async let compiler = client.execute(ProductQuery(id: "2"))
        async let missing = client.execute(ProductQuery(id: "404"))
        let users = try await [ada, grace, alan].map(\.value.user)
        #expect(users.map(\.?.name) == ["Ada Lovelace", "Grace Hopper", "Alan Turing"])
        #expect(users.map(\.?.email) == ["ada@example.com", nil, nil])
        #expect(users[0]?.followerCount == 9_007_199_254_740_993)
        let products = try await [engine, compiler, missing].map(\.value.product)
        #expect(products.map(\.?.title) == ["Analytical Engine", "Compiler", nil])
        let stats = try await live.stats()
        #expect(stats.requests == 1)
        #expect(stats.batchSizes == [6])
    }

    @Test(
        "one caller of a batch cancelled while strawberry works on it: the five others still get their results",
        arguments: TestTransport.allCases)
    func cancellingOneCaller(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client { $0.batching = Self.sixAtOnce }
        let gate = live.key
        // The gated query holds the whole batch's answer on the server until the gate opens.
        let held = Task { try await client.execute(GatedQuery(key: gate)).value.gated }
        let leaving = Task { try await client.execute(UserDetailsQuery(id: "1")).value.user?.name }
        let staying = (1...4).map { index in
            Task { try await client.execute(ProductQuery(id: "\(index)")).value.product?.title }
        }
        _ = try await live.gateWaiters(gate, count: 1)
        leaving.cancel()
        let error = await #expect(throws: APIError.self) { try await leaving.value }
        #expect(error?.code == .cancelled)
        #expect(try await live.openGate(gate) == 1)
        #expect(try await held.value == gate)
        var titles: [String?] = []
        for call in staying { titles.append(try await call.value) }
        #expect(titles == ["Analytical Engine", "Compiler", "Enigma Kit", nil])
        let stats = try await live.stats()
        #expect(stats.requests == 1)
        #expect(stats.batchSizes == [6])
    }

    @Test(
        "ariadne does not batch: every query of the batch fails with invalidResponse and ariadne's own error",
        arguments: TestTransport.allCases)
    func serverWithoutBatching(transport: TestTransport) async throws {
        let live = try await LiveClient.ariadne(transport: transport)
        let client = live.client { $0.batching = GraphQLBatching(window: .seconds(600), maximumOperations: 2) }
        async let first = BatchingTests.outcome { () async throws(APIError) in
            try await client.execute(UserDetailsQuery(id: "1"))
        }
        async let second = BatchingTests.outcome { () async throws(APIError) in
            try await client.execute(ProductQuery(id: "1"))
        }
        for (result, name) in await [(first.map { _ in () }, "UserDetails"), (second.map { _ in () }, "Product")] {
            guard case .failure(let error) = result else {
                Issue.record("\(name) succeeded in a batch ariadne refused")
                continue
            }
            #expect(error.code == .invalidResponse)
            #expect(error.operationName == name)
            #expect(error.statusCode == 400)
            #expect(error.graphQLErrors.map(\.message) == ["Operation data should be a JSON object"])
            #expect(error.reason?.contains("batch of 2 operations with a single result") == true)
        }
        // The same client's query that does not batch is answered.
        let alone = try await client.execute(UserDetailsQuery(id: "2"), options: RequestOptions(batches: false))
        #expect(alone.value.user?.name == "Grace Hopper")
    }

    @Test(
        "an endpoint that takes POST only answers GET with 405: the query is POSTed, and so is every later one",
        arguments: TestTransport.allCases)
    func getRefusedWith405(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(path: "/post-only/graphql", queryMethod: .get)
        let first = try await client.execute(UserDetailsQuery(id: "1"))
        #expect(first.value.user?.name == "Ada Lovelace")
        var stats = try await live.stats()
        #expect(stats.requests == 2)
        #expect(stats.statusCounts[405] == 1)
        #expect(stats.lastMethod == "POST")
        let second = try await client.execute(UserDetailsQuery(id: "2"))
        #expect(second.value.user?.name == "Grace Hopper")
        stats = try await live.stats()
        #expect(stats.requests == 3)
        #expect(stats.statusCounts[405] == 1)
        #expect(stats.lastMethod == "POST")
    }
}
