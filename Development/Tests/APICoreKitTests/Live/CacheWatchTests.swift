import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// Watched queries against the live server: what mutations, optimistic updates and failures make them emit.
@Suite("Watching queries, live", .timeLimit(.minutes(10)))
struct CacheWatchTests {
    @Test(
        "a mutation re-emits the watched query whose data it changed, and only that one",
        arguments: TestTransport.allCases)
    func mutationUpdatesWatcher(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let cache = CacheStore()
        let client = live.client(cache: cache)
        var compiler = client.watch(ProductQuery(id: "2")).makeAsyncIterator()
        var engine = client.watch(ProductQuery(id: "1")).makeAsyncIterator()
        let firstCompiler = try #require(await compiler.next()).get()
        let firstEngine = try #require(await engine.next()).get()
        #expect(firstCompiler.metadata.source == .network)
        #expect(firstCompiler.value.product?.title == "Compiler")
        #expect(firstEngine.value.product?.title == "Analytical Engine")

        let mutation = try await client.execute(UpdateProductMutation(id: "2", title: "Compiler Pro"))
        #expect(mutation.value.updateProduct?.title == "Compiler Pro")
        // Written under the mutation root, pointing at the product's own record, which the query reads too.
        let mutationRoot = try #require(try cache.record(for: .mutationRoot))
        #expect(mutationRoot.fields.values.contains(.reference("Product:2")))
        let updated = try #require(await compiler.next()).get()
        #expect(updated.metadata.source == .cache)
        #expect(updated.value.product?.title == "Compiler Pro")
        #expect(updated.value.product?.owner?.name == "Grace Hopper")

        // The other watcher's next value is the one its own product's mutation brings: nothing came in between.
        _ = try await client.execute(UpdateProductMutation(id: "1", priceCents: 1))
        let engineUpdate = try #require(await engine.next()).get()
        #expect(engineUpdate.value.product?.priceCents == 1)
        #expect(engineUpdate.value.product?.title == "Analytical Engine")
        #expect(try await live.requestCount() == 4)
    }

    @Test(
        "a watcher's own network write is not read back; a write of the same data reads nothing; a change reads once",
        arguments: TestTransport.allCases)
    func noEcho(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let cache = CacheStore()
        let client = live.client(cache: cache)
        var watch = client.watch(ProductQuery(id: "1"), cachePolicy: .networkOnly).makeAsyncIterator()
        let first = try #require(await watch.next()).get()
        #expect(first.metadata.source == .network)
        #expect(first.value.product?.title == "Analytical Engine")
        // One read: the watch's first look at the cache, before the network answered. The write of the network's
        // value, which the watch delivered itself, read nothing back.
        #expect(cache.watcherReadCount == 1)

        // The same data fetched by another call changes no field, so no watcher reads; a real change is read once
        // and arrives as the next value.
        _ = try await client.execute(ProductQuery(id: "1"), options: RequestOptions(cachePolicy: .networkOnly))
        await cache.waitForWatchers()
        #expect(cache.watcherReadCount == 1)
        _ = try await client.execute(UpdateProductMutation(id: "1", priceCents: 7))
        let changed = try #require(await watch.next()).get()
        #expect(changed.metadata.source == .cache)
        #expect(changed.value.product?.priceCents == 7)
        await cache.waitForWatchers()
        #expect(cache.watcherReadCount == 2)
    }

    @Test(
        "an optimistic mutation is seen by a watcher at once, then replaced by the server's value",
        arguments: TestTransport.allCases)
    func optimisticUpdate(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let cache = CacheStore()
        let client = live.client(cache: cache)
        let gate = RequestGate()
        let gated = live.client(cache: cache, interceptors: [gate])
        var changes = client.watch(ProductQuery(id: "1")).makeAsyncIterator()
        let initial = try #require(await changes.next()).get()
        #expect(initial.value.product?.title == "Analytical Engine")

        let mutation = Task {
            try await gated.execute(
                UpdateProductMutation(id: "1", title: "Difference Engine"),
                optimisticResult: try Self.updatedProduct(id: "1", title: "Difference Engine (saving)"))
        }
        let optimistic = try #require(await changes.next()).get()
        #expect(optimistic.metadata.source == .cache)
        #expect(optimistic.value.product?.title == "Difference Engine (saving)")
        #expect(optimistic.value.product?.owner?.name == "Ada Lovelace")
        // The mutation is still held before the server: the watcher saw the optimistic value first.
        #expect(try await live.requestCount() == 1)
        #expect(cache.optimisticLayerCount == 1)

        gate.open()
        let confirmed = try #require(await changes.next()).get()
        #expect(confirmed.value.product?.title == "Difference Engine")
        let response = try await mutation.value
        #expect(response.metadata.source == .network)
        #expect(response.value.updateProduct?.title == "Difference Engine")
        #expect(cache.optimisticLayerCount == 0)
    }

    @Test("a failing mutation rolls its optimistic value back and throws", arguments: TestTransport.allCases)
    func optimisticRollback(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let cache = CacheStore()
        let client = live.client(cache: cache)
        let failing = live.client(cache: cache, path: "/status/500/plain")
        var changes = client.watch(ProductQuery(id: "3")).makeAsyncIterator()
        let initial = try #require(await changes.next()).get()
        #expect(initial.value.product?.title == "Enigma Kit")

        let error = await #expect(throws: APIError.self) {
            try await failing.execute(
                UpdateProductMutation(id: "3", title: "Broken Kit"),
                optimisticResult: try Self.updatedProduct(id: "3", title: "Broken Kit", priceCents: 4999))
        }
        #expect(error?.code == .httpStatus)
        #expect(error?.statusCode == 500)
        let optimistic = try #require(await changes.next()).get()
        #expect(optimistic.value.product?.title == "Broken Kit")
        let rolledBack = try #require(await changes.next()).get()
        #expect(rolledBack.value.product?.title == "Enigma Kit")
        #expect(cache.optimisticLayerCount == 0)
        let cached = try await client.execute(ProductQuery(id: "3"), options: RequestOptions(cachePolicy: .cacheOnly))
        #expect(cached.value.product?.title == "Enigma Kit")
    }

    @Test(
        "a cacheOnly watch delivers the miss, then the data once a fetch writes it",
        arguments: TestTransport.allCases)
    func cacheOnlyWatch(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(cache: CacheStore())
        var changes = client.watch(ProductQuery(id: "2"), cachePolicy: .cacheOnly).makeAsyncIterator()
        let miss = try #require(await changes.next())
        #expect(throws: APIError.self) { try miss.get() }
        #expect(try await live.requestCount() == 0)

        _ = try await client.execute(ProductQuery(id: "2"))
        let hit = try #require(await changes.next()).get()
        #expect(hit.metadata.source == .cache)
        #expect(hit.value.product?.title == "Compiler")
    }

    @Test("a cacheAndNetwork watch delivers the cached value, then the network's", arguments: TestTransport.allCases)
    func cacheAndNetworkWatch(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(cache: CacheStore())
        _ = try await client.execute(ProductQuery(id: "3"))
        _ = try await live.client().execute(UpdateProductMutation(id: "3", title: "Enigma Kit II"))
        var changes = client.watch(ProductQuery(id: "3"), cachePolicy: .cacheAndNetwork).makeAsyncIterator()
        let cached = try #require(await changes.next()).get()
        let network = try #require(await changes.next()).get()
        #expect(cached.metadata.source == .cache)
        #expect(cached.value.product?.title == "Enigma Kit")
        #expect(network.metadata.source == .network)
        #expect(network.value.product?.title == "Enigma Kit II")
    }

    @Test("cancelling the consuming task ends the watch", arguments: TestTransport.allCases)
    func cancellation(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let watch = live.client(cache: CacheStore()).watch(ProductQuery(id: "1"))
        let (received, receivedContinuation) = AsyncStream.makeStream(of: Void.self)
        let consumer = Task {
            var count = 0
            for await _ in watch {
                count += 1
                receivedContinuation.yield()
            }
            return count
        }
        var receipts = received.makeAsyncIterator()
        _ = await receipts.next()
        consumer.cancel()
        #expect(await consumer.value == 1)
    }

    static func updatedProduct(
        id: String, title: String, priceCents: Int = 250_000
    ) throws -> UpdateProductMutation.Data {
        try UpdateProductMutation.Data(data: [
            "updateProduct": [
                "__typename": "Product", "id": .string(id), "title": .string(title),
                "priceCents": .int(Int64(priceCents)),
            ]
        ])
    }
}
