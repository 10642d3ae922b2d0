import APICoreCache
import APICoreKit
import APICoreSQLite
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON

/// `onError` (the error-behaviour proposal) against recorded responses: no server on PyPI implements it yet (strawberry
/// 0.341 and graphql-core 3.3 always propagate), so the answers below are written as the proposal specifies them. What
/// is checked is what an app sees: the parameter sent, the typed value, and what the cache gives back later.
@Suite("Error behaviour: onError, and field errors in the cache")
struct ErrorBehaviorTests {
    /// `ProductQuery(id: "1")` answered under `onError: NULL`: the non-null `title` failed and is `null`, its parent
    /// and siblings kept.
    static let nullBehaviourAnswer = """
        {"data":{"product":{"__typename":"Product","id":"1","title":null,"priceCents":5,\
        "owner":{"__typename":"User","id":"2","name":"Grace Hopper"}}},\
        "errors":[{"message":"title failed","path":["product","title"],"extensions":{"code":"TITLE_DOWN"}}]}
        """
    /// The same failure under `PROPAGATE`: the null went up to `product`, which may be null.
    static let propagatedAnswer = """
        {"data":{"product":null},"errors":[{"message":"title failed","path":["product","title"]}]}
        """
    /// A nullable field that failed: `owner` is `null` with its error, the rest of the product is there.
    static let nullableFieldFailed = """
        {"data":{"product":{"__typename":"Product","id":"1","title":"Engine","priceCents":5,"owner":null}},\
        "errors":[{"message":"owner service down","path":["product","owner"]}]}
        """

    static func client(
        answering body: String, errorBehavior: GraphQLErrorBehavior? = nil, cache: CacheStore = CacheStore()
    ) -> (APIClient, ClosureTransport) {
        let transport = ClosureTransport { request in
            ClosureTransport.json(request.kind == .graphQL(.mutation) ? ProductBodies.update : body)
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport,
                errorBehavior: errorBehavior, cache: cache))
        return (client, transport)
    }

    static let cacheOnly = RequestOptions(cachePolicy: .cacheOnly)

    @Test("onError is sent as the proposal says: in the JSON body and the GET parameters, only when set")
    func sentAsSpecified() async throws {
        let (client, transport) = Self.client(answering: ProductBodies.product, errorBehavior: .null)
        _ = try await client.execute(ProductQuery(id: "1"), options: RequestOptions(cachePolicy: .networkOnly))
        _ = try await client.execute(
            ProductQuery(id: "1"), options: RequestOptions(errorBehavior: .halt, cachePolicy: .networkOnly))
        _ = try await client.execute(
            ProductQuery(id: "1"), options: RequestOptions(queryMethod: .get, cachePolicy: .networkOnly))
        _ = try await client.execute(UpdateProductMutation(id: "1", title: "Engine"))
        let bodies = try transport.requests.map { request in try request.body.map { try JSONReader().read($0) } }
        #expect(bodies[0]?["onError"] == "NULL")
        #expect(bodies[1]?["onError"] == "HALT")
        let query = URLComponents(url: transport.requests[2].url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(query.first { $0.name == "onError" }?.value == "NULL")
        #expect(bodies[3]?["onError"] == "NULL")

        let (plain, plainTransport) = Self.client(answering: ProductBodies.product)
        _ = try await plain.execute(ProductQuery(id: "1"))
        #expect(try JSONReader().read(try #require(plainTransport.requests[0].body))["onError"] == nil)
    }

    @Test("onError goes with subscriptions: in a multipart subscription's body and a WebSocket subscribe payload")
    func sentWithSubscriptions() async throws {
        let transport = ClosureTransport { _ in ClosureTransport.json(#"{"data":{"countdown":0}}"#) }
        var configuration = APIClientConfiguration(
            graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport, errorBehavior: .null)
        configuration.subscriptionTransport = MultipartSubscriptionTransport(configuration: configuration)
        let client = APIClient(configuration: configuration)
        var values: [Int] = []
        for try await event in client.subscribe(CountdownSubscription(from: 0)) { values.append(event.value.countdown) }
        #expect(values == [0])
        let body = try JSONReader().read(try #require(transport.requests.first?.body))
        #expect(body["onError"] == "NULL")
        #expect(body["query"] == .string(CountdownSubscription.document))

        // What a WebSocket transport sends as the subscribe message's payload.
        var request = GraphQLSubscriptionRequest(operationName: "Countdown", document: CountdownSubscription.document)
        #expect(request.payload(variables: ["from": 1])["onError"] == nil)
        request.errorBehavior = .halt
        let payload = request.payload(variables: ["from": 1])
        #expect(payload["onError"] == "HALT")
        #expect(payload["variables"] == ["from": 1])
    }

    @Test("under NULL, the value takes the failed field's null up to the nearest optional; the cache keeps the rest")
    func nullBehaviour() async throws {
        let cache = CacheStore()
        let (client, _) = Self.client(answering: Self.nullBehaviourAnswer, errorBehavior: .null, cache: cache)
        let response = try await client.execute(ProductQuery(id: "1"))
        #expect(response.value.product == nil)
        #expect(response.errors.map(\.message) == ["title failed"])

        // Everything the server sent is stored, the failed field as its error, not as a value.
        let product = try #require(try cache.record(for: CacheKey("Product:1")))
        #expect(product.fields["priceCents"] == .value(.int(5)))
        #expect(product.fields["owner"] == .reference(CacheKey("User:2")))
        guard case .error(let stored)? = product.fields["title"] else {
            Issue.record("the failed title was stored as \(String(describing: product.fields["title"]))")
            return
        }
        #expect(stored.message == "title failed")
        #expect(stored.code == "TITLE_DOWN")
        #expect(try cache.record(for: CacheKey("User:2"))?.fields["name"] == .value(.string("Grace Hopper")))

        // A later read reports the error, at the path it reads the field at: not a miss, not a real null.
        let cached = try await client.execute(ProductQuery(id: "1"), options: Self.cacheOnly)
        #expect(cached.metadata.source == .cache)
        #expect(cached.value.product == nil)
        #expect(cached.errors.map(\.message) == ["title failed"])
        #expect(cached.errors.first?.path == ["product", "title"])
        #expect(cached.errors.first?.code == "TITLE_DOWN")
    }

    @Test("under PROPAGATE, the field the null reached is stored as the error, and a read reports it there")
    func propagateBehaviour() async throws {
        let cache = CacheStore()
        let (client, _) = Self.client(answering: Self.propagatedAnswer, cache: cache)
        let response = try await client.execute(ProductQuery(id: "1"))
        #expect(response.value.product == nil)
        let root = try #require(try cache.record(for: .queryRoot))
        guard case .error(let stored)? = root.fields[#"product(id:"1")"#] else {
            Issue.record("product was stored as \(String(describing: root.fields))")
            return
        }
        #expect(stored.message == "title failed")
        let cached = try await client.execute(ProductQuery(id: "1"), options: Self.cacheOnly)
        #expect(cached.value.product == nil)
        #expect(cached.errors.map(\.message) == ["title failed"])
        #expect(cached.errors.first?.path == ["product"])
        // cacheFirst serves what the server said, errors included, without asking again.
        let first = try await client.execute(ProductQuery(id: "1"))
        #expect(first.metadata.source == .cache)
        #expect(first.errors.map(\.message) == ["title failed"])
    }

    @Test("a nullable field that failed reads back as nil with its error; a partial read lists it before its misses")
    func nullableFieldFailed() async throws {
        let cache = CacheStore()
        let (client, _) = Self.client(answering: Self.nullableFieldFailed, cache: cache)
        _ = try await client.execute(ProductQuery(id: "1"))
        let cached = try await client.execute(ProductQuery(id: "1"), options: Self.cacheOnly)
        #expect(cached.value.product?.title == "Engine")
        #expect(cached.value.product?.owner == nil)
        #expect(cached.errors.map(\.message) == ["owner service down"])
        #expect(cached.errors.first?.path == ["product", "owner"])
        let partial = try await client.execute(
            ProductQuery(id: "1"), options: RequestOptions(cachePolicy: .cacheOnly, returnsPartialCacheData: true))
        #expect(partial.errors.map(\.message) == ["owner service down"])
    }

    @Test(
        "a watch delivers the stored errors with the cached value, and a value without them once the field is written")
    func watchCarriesStoredErrors() async throws {
        let answers = Lock([Self.nullableFieldFailed, ProductBodies.product, Self.ownerRestored])
        let transport = ClosureTransport { _ in ClosureTransport.json(answers.withLock { $0.removeFirst() }) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport,
                cache: CacheStore()))
        _ = try await client.execute(ProductQuery(id: "1"))
        var watch = client.watch(ProductQuery(id: "1"), cachePolicy: .cacheOnly).makeAsyncIterator()
        let first = try #require(await watch.next()).get()
        #expect(first.value.product?.owner == nil)
        #expect(first.errors.map(\.message) == ["owner service down"])
        #expect(first.errors.first?.path == ["product", "owner"])

        // The same data, owner `null`, now without an error: the stored error is gone, and the watch says so.
        _ = try await client.execute(ProductQuery(id: "1"), options: RequestOptions(cachePolicy: .networkOnly))
        let cleared = try #require(await watch.next()).get()
        #expect(cleared.value.product?.owner == nil)
        #expect(cleared.errors.isEmpty)

        _ = try await client.execute(ProductQuery(id: "1"), options: RequestOptions(cachePolicy: .networkOnly))
        let restored = try #require(await watch.next()).get()
        #expect(restored.value.product?.owner?.name == "Grace Hopper")
        #expect(restored.errors.isEmpty)
    }

    /// The product again, its owner there.
    static let ownerRestored = """
        {"data":{"product":{"__typename":"Product","id":"1","title":"Engine","priceCents":5,\
        "owner":{"__typename":"User","id":"2","name":"Grace Hopper"}}}}
        """

    @Test("a stored error of a field selected twice (directly and through a fragment) is reported once")
    func fieldSelectedTwiceReportsOnce() async throws {
        let document = """
            query Owner($id: ID!) { product(id: $id) { __typename id owner { __typename id name } ...Owner } }
            fragment Owner on Product { owner { __typename id name } }
            """
        let transport = ClosureTransport { _ in ClosureTransport.json(Self.nullableFieldFailed) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport,
                cache: CacheStore(), schema: ReferenceSchema.runtime))
        let network = try await client.execute(document: document, variables: ["id": "1"])
        #expect(network.errors.map(\.message) == ["owner service down"])
        let cached = try await client.execute(
            document: document, variables: ["id": "1"], options: RequestOptions(cachePolicy: .cacheOnly))
        #expect(cached.value["product"]?["owner"] == .null)
        #expect(cached.errors.map(\.message) == ["owner service down"])
        #expect(cached.errors.map(\.path) == [["product", "owner"]])
    }

    @Test("under HALT, data null with the error fails the call, and nothing is written")
    func haltBehaviour() async throws {
        let cache = CacheStore()
        let (client, _) = Self.client(
            answering: #"{"data":null,"errors":[{"message":"halted at the first error","path":["product","title"]}]}"#,
            errorBehavior: .halt, cache: cache)
        let error = await #expect(throws: APIError.self) { try await client.execute(ProductQuery(id: "1")) }
        #expect(error?.code == .graphQL)
        #expect(error?.graphQLErrors.map(\.message) == ["halted at the first error"])
        #expect(try cache.record(for: .queryRoot) == nil)
    }

    @Test("a stored field error survives the SQLite cache being closed and opened again")
    func storedErrorPersists() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("onerror-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache.sqlite")
        do {
            let sqlite = try SQLiteNormalizedCache(fileURL: file)
            let (client, _) = Self.client(
                answering: Self.nullBehaviourAnswer, errorBehavior: .null, cache: CacheStore(cache: sqlite))
            _ = try await client.execute(ProductQuery(id: "1"))
            try sqlite.close()
        }
        let reopened = try SQLiteNormalizedCache(fileURL: file)
        defer { try? reopened.close() }
        let (client, transport) = Self.client(answering: "{}", cache: CacheStore(cache: reopened))
        let cached = try await client.execute(ProductQuery(id: "1"), options: Self.cacheOnly)
        #expect(cached.errors.map(\.message) == ["title failed"])
        #expect(cached.errors.first?.code == "TITLE_DOWN")
        #expect(transport.requests.isEmpty)
    }
}
