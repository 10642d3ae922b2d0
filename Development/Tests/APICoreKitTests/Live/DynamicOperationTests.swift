import APICoreDynamic
import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreGraphQL

/// Documents compiled at run time against the reference schema, run against strawberry through the same pipeline and
/// cache as the hand-written generated-style operations of the test support.
@Suite("Dynamic operations, live")
struct DynamicOperationTests {
    static let schema = ReferenceSchema.runtime

    static let productDocument = """
        query Product($id: ID!) { product(id: $id) { id title ...Owner } }
        fragment Owner on Product { owner { id name } }
        """

    /// A client of the shared strawberry server with a schema and `store`.
    static func client(_ live: LiveClient, store: CacheStore?) -> APIClient {
        live.client { configuration in
            configuration.cache = store
            configuration.schema = schema
        }
    }

    @Test("every cache policy answers a document as it answers a generated query", arguments: TestTransport.allCases)
    func cachePolicies(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let store = CacheStore()
        let client = Self.client(live, store: store)
        let variables: JSONObject = ["id": "1"]

        let first = try await client.execute(document: Self.productDocument, variables: variables)
        #expect(first.metadata.source == .network)
        #expect(first.value["product"]?["title"] == "Analytical Engine")
        #expect(first.value["product"]?["owner"]?["name"] == "Ada Lovelace")
        #expect(try await live.requestCount() == 1)

        let cached = try await client.execute(
            document: Self.productDocument, variables: variables, options: RequestOptions(cachePolicy: .cacheFirst))
        #expect(cached.metadata.source == .cache)
        #expect(cached.value == first.value)
        let cacheOnly = try await client.execute(
            document: Self.productDocument, variables: variables, options: RequestOptions(cachePolicy: .cacheOnly))
        #expect(cacheOnly.value == first.value)
        let revalidated = try await client.execute(
            document: Self.productDocument, variables: variables,
            options: RequestOptions(cachePolicy: .staleWhileRevalidate))
        #expect(revalidated.metadata.source == .cache)
        #expect(!revalidated.metadata.isStale)
        #expect(try await live.requestCount() == 1)

        let network = try await client.execute(
            document: Self.productDocument, variables: variables, options: RequestOptions(cachePolicy: .networkOnly))
        #expect(network.metadata.source == .network)
        #expect(try await live.requestCount() == 2)

        var both: [APIResponse<JSONObject>] = []
        for try await response in client.fetch(
            document: Self.productDocument, variables: variables, cachePolicy: .cacheAndNetwork)
        {
            both.append(response)
        }
        #expect(both.map(\.metadata.source) == [.cache, .network])
        #expect(try await live.requestCount() == 3)

        // Product 2 was never fetched: a miss, and nothing is sent.
        await #expect {
            try await client.execute(
                document: Self.productDocument, variables: ["id": "2"],
                options: RequestOptions(cachePolicy: .cacheOnly))
        } throws: { ($0 as? APIError)?.code == .cacheMiss }
        #expect(try await live.requestCount() == 3)

        // networkFirst answers from the cache when the network fails: a client of the same store whose transport
        // cannot connect.
        let offline = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: live.server.url("/graphql"),
                transport: UnreachableTransport(), cache: store, schema: Self.schema))
        let fallback = try await offline.execute(
            document: Self.productDocument, variables: variables, options: RequestOptions(cachePolicy: .networkFirst))
        #expect(fallback.metadata.source == .cache)
        #expect(fallback.metadata.networkError?.code == .network)
        #expect(fallback.value == first.value)
    }

    @Test("a document and a generated operation share records and see each other's writes")
    func sharedRecords() async throws {
        let live = try await LiveClient.strawberry(transport: .urlSession)
        let client = Self.client(live, store: CacheStore())

        // A generated query's network answer serves a document over the same fields, with literal arguments.
        _ = try await client.execute(ProductQuery(id: "1"))
        let dynamic = try await client.execute(
            document: #"{ product(id: "1") { title priceCents owner { name } } }"#,
            options: RequestOptions(cachePolicy: .cacheOnly))
        #expect(dynamic.value["product"]?["priceCents"] == 250_000)
        #expect(dynamic.value["product"]?["owner"]?["name"] == "Ada Lovelace")

        // A document's network answer serves the generated query with a fragment and an @include field.
        _ = try await client.execute(
            document: """
                query Grace($id: ID!, $withEmail: Boolean = true) {
                  user(id: $id) { ...Fields email @include(if: $withEmail) }
                }
                fragment Fields on User { id name role followerCount }
                """,
            variables: ["id": "2"])
        let generated = try await client.execute(
            UserDetailsQuery(id: "2", withEmail: true), options: RequestOptions(cachePolicy: .cacheOnly))
        #expect(generated.value.user?.name == "Grace Hopper")
        #expect(generated.value.user?.email == "grace@example.com")
        #expect(try await live.requestCount() == 2)

        // A watch of a document sees a generated mutation's write.
        var watch = client.watch(document: Self.productDocument, variables: ["id": "1"]).makeAsyncIterator()
        #expect(try await watch.next()?.get().value["product"]?["title"] == "Analytical Engine")
        _ = try await client.execute(UpdateProductMutation(id: "1", title: "Difference Engine"))
        #expect(try await watch.next()?.get().value["product"]?["title"] == "Difference Engine")
        // And a generated watch sees a document mutation's write.
        var generatedWatch = client.watch(ProductQuery(id: "1")).makeAsyncIterator()
        #expect(try await generatedWatch.next()?.get().value.product?.title == "Difference Engine")
        _ = try await client.execute(
            document: #"mutation { updateProduct(id: "1", title: "Z3") { id title } }"#)
        #expect(try await generatedWatch.next()?.get().value.product?.title == "Z3")
        #expect(try await watch.next()?.get().value["product"]?["title"] == "Z3")
    }

    @Test("a document the schema rejects fails with its problems located, and nothing is sent")
    func invalidDocuments() async throws {
        let live = try await LiveClient.strawberry(transport: .urlSession)
        let client = Self.client(live, store: CacheStore())
        let cases: [(document: String, line: Int, column: Int, rule: String)] = [
            ("query {\n  product(id: \"1\") { colour }\n}", 2, 22, "FieldsOnCorrectType"),
            ("query { product(id: \"1\") { title }", 1, 35, "syntax"),
            ("query ($id: Int!) { product(id: $id) { title } }", 1, 8, "VariablesInAllowedPosition"),
            ("query { product { title } }", 1, 9, "ProvidedRequiredArguments"),
            ("fragment F on Product { title }", 0, 0, "OperationName"),
        ]
        for entry in cases {
            let error = await #expect(throws: APIError.self) {
                try await client.execute(document: entry.document)
            }
            #expect(error?.code == .invalidDocument)
            let problems = (error?.underlying as? GraphQLDocumentError)?.problems ?? []
            #expect(
                problems.contains { $0.line == entry.line && $0.column == entry.column && $0.rule == entry.rule },
                "\(entry.document): \(problems)")
        }
        // Two operations and no name to choose one.
        let twoOperations = "query A { users { id } }\nquery B { users { name } }"
        let ambiguous = await #expect(throws: APIError.self) { try await client.execute(document: twoOperations) }
        #expect(ambiguous?.code == .invalidDocument)
        let chosen = try await client.execute(document: twoOperations, operationName: "B")
        #expect(chosen.value["users"]?.arrayValue?.first?["name"] == "Ada Lovelace")
        // A watch of a bad document delivers the failure and ends; a mutation cannot be watched.
        var watch = client.watch(document: "{ nope }").makeAsyncIterator()
        let failed = await watch.next()
        #expect(throws: APIError.self) { try failed?.get() }
        let end = await watch.next()
        #expect(end == nil)
        #expect(try await live.requestCount() == 1)

        // A client without a schema cannot compile documents.
        let schemaless = live.client()
        let noSchema = await #expect(throws: APIError.self) {
            try await schemaless.execute(document: "{ users { id } }")
        }
        #expect(noSchema?.code == .invalidDocument)
    }

    @Test("server errors, partial data and null propagation reach a document's answer as a generated one's")
    func partialData() async throws {
        let live = try await LiveClient.strawberry(transport: .urlSession)
        let client = Self.client(live, store: CacheStore())
        let partial = try await client.execute(document: #"{ user(id: "1") { name secret } }"#)
        #expect(partial.value["user"]?["name"] == "Ada Lovelace")
        #expect(partial.value["user"]?["secret"] == .null)
        #expect(partial.errors.first?.path == ["user", "secret"])

        let propagated = try await client.execute(document: #"{ user(id: "1") { name strictSecret } }"#)
        #expect(propagated.value["user"] == .null)
        #expect(!propagated.errors.isEmpty)

        let fatal = await #expect(throws: APIError.self) {
            try await client.execute(
                document: #"{ user(id: "1") { name secret } }"#,
                options: RequestOptions(errorPolicy: .failOnErrors, cachePolicy: .networkOnly))
        }
        #expect(fatal?.code == .graphQL)
    }
}

/// A transport whose every request fails as a connection that cannot be made.
private struct UnreachableTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw URLError(.cannotConnectToHost)
    }
}
