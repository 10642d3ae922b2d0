import APICoreCache
import APICoreKit
import APICoreSQLite
import APICoreWebSocket
import DemoServerKit
import Foundation
import ProductKit
import SharedKit
import Testing
import UserKit

/// The kits' services against the demo server over real HTTP and WebSocket on loopback, with the cache in a real
/// SQLite file.
@Suite("Feature kits against the demo server", .timeLimit(.minutes(10)))
struct FeatureKitLiveTests {
    /// A server, one client for it with a SQLite-backed cache, and the kits' services.
    final class Environment: Sendable {
        let server: RunningDemoServer
        let folder: URL
        let sqlite: SQLiteNormalizedCache
        let entities: EntityStore
        let client: APIClient
        let flags = FeatureFlags()
        let router: BackendRouter
        let log = CapturingLogHandler()
        let users: UserService
        let products: ProductService

        init(interceptors: [any APIInterceptor] = []) async throws {
            server = try await DemoServer.start(port: 0)
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("featurekits-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            sqlite = try SQLiteNormalizedCache(fileURL: folder.appendingPathComponent("cache.sqlite"))
            entities = try EntityStore(fileURL: folder.appendingPathComponent("entities.sqlite"))
            client = Self.client(for: server, interceptors: interceptors, cache: CacheStore(cache: sqlite))
            router = BackendRouter(flags: flags, logger: log.logger)
            users = UserService(client: client, router: router)
            products = ProductService(client: client, router: router, entityStore: entities)
        }

        static func client(
            for server: RunningDemoServer, interceptors: [any APIInterceptor] = [], cache: CacheStore
        ) -> APIClient {
            APIClient(
                configuration: APIClientConfiguration(
                    graphQLEndpoint: URL(string: server.graphQLURL)!, restBaseURL: URL(string: server.restBaseURL)!,
                    interceptors: interceptors, cache: cache,
                    subscriptionTransport: WebSocketSubscriptionTransport(url: URL(string: server.webSocketURL)!)))
        }

        func lists(_ freshness: Freshness, from service: ProductService? = nil) async throws -> [ProductList] {
            var lists: [ProductList] = []
            for try await list in (service ?? products).products(category: nil, freshness: freshness) {
                lists.append(list)
            }
            return lists
        }

        func close() async throws {
            try? await server.stop()
            try? sqlite.close()
            try? entities.close()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    static func run(
        interceptors: [any APIInterceptor] = [], _ body: (Environment) async throws -> Void
    ) async throws {
        let environment = try await Environment(interceptors: interceptors)
        do {
            try await body(environment)
        } catch {
            try await environment.close()
            throw error
        }
        try await environment.close()
    }

    @Test("a user loaded over GraphQL and over REST is the same domain value, the server's record")
    func userBothWays() async throws {
        try await Self.run { env in
            let graphQL = try await env.users.user(id: "u2")
            env.flags.setBackend(.rest, for: .userProfile)
            let rest = try await env.users.user(id: "u2")

            #expect(graphQL.backend == .graphQL)
            #expect(rest.backend == .rest)
            #expect(graphQL.user == rest.user)
            let seeded = try #require(env.server.store.user(id: "u2"))
            #expect(graphQL.user.name == seeded.name)
            #expect(graphQL.user.createdAt == Date(timeIntervalSince1970: Double(seeded.createdAt) / 1000))
        }
    }

    @Test("when the GraphQL endpoint fails, users and products are answered by REST, and each fallback is counted")
    func fallbackToREST() async throws {
        try await Self.run { env in
            let expected = try await env.users.user(id: "u1").user
            env.server.setGraphQLFailing(true)

            let user = try await env.users.user(id: "u1")
            let lists = try await env.lists(.network)

            #expect(user == UserResult(user: expected, backend: .rest))
            #expect(lists.map(\.backend) == [.rest])
            #expect(lists.first?.products.count == DemoStore.seedProducts.count)
            #expect(env.router.fallbackCounts == [.userProfile: 1, .products: 1])
            #expect(env.log.messages.filter { $0.contains("falling back to REST") }.count == 2)

            env.server.setGraphQLFailing(false)
            #expect(try await env.users.user(id: "u1").backend == .graphQL)
            #expect(env.router.fallbackCounts == [.userProfile: 1, .products: 1])
        }
    }

    @Test("an update shows the typed address at once, then the server's lowercased one; REST updates agree")
    func optimisticUpdate() async throws {
        let gate = GateInterceptor(holding: "UpdateUser")
        try await Self.run(interceptors: [gate]) { env in
            let grace = try await env.users.user(id: "u3").user
            var observed = env.users.observeUser(id: "u3").makeAsyncIterator()
            #expect(try await observed.next() == grace)

            let update = Task { try await env.users.updateUser(grace, with: UserUpdate(email: "Grace@Navy.MIL")) }
            await gate.waitForRequest()
            #expect(try await observed.next()?.email == "Grace@Navy.MIL")
            gate.open()
            #expect(try await observed.next()?.email == "grace@navy.mil")
            #expect(try await update.value.user.email == "grace@navy.mil")

            env.flags.setBackend(.rest, for: .userProfile)
            let renamed = try await env.users.updateUser(grace, with: UserUpdate(name: "Rear Admiral Hopper"))
            #expect(renamed == UserResult(user: renamed.user, backend: .rest))
            #expect(renamed.user.name == "Rear Admiral Hopper")
            #expect(env.server.store.user(id: "u3")?.name == "Rear Admiral Hopper")
        }
    }

    @Test("products: the network, then the cache, then the cache and the network; REST lists the same products")
    func productFreshness() async throws {
        try await Self.run { env in
            let first = try await env.lists(.cachedIfAvailable)
            let second = try await env.lists(.cachedIfAvailable)
            let both = try await env.lists(.cachedThenNetwork)
            env.flags.setBackend(.rest, for: .products)
            let rest = try await env.lists(.network)

            #expect(first.map(\.origin) == [.network])
            #expect(second.map(\.origin) == [.cache])
            #expect(both.map(\.origin) == [.cache, .network])
            #expect(rest.map(\.backend) == [.rest])
            let expected = try #require(first.first?.products)
            #expect(expected.map(\.id) == DemoStore.seedProducts.map(\.id))
            #expect(expected.last?.priceCents == 5_000_000_000)
            for list in second + both + rest { #expect(list.products == expected) }
        }
    }

    @Test("live prices arrive over WebSocket in order, and the entity store follows them")
    func livePrices() async throws {
        try await Self.run { env in
            let events = env.products.priceChanges(productID: "p2")
            let received = Task {
                var prices: [Int64] = []
                for try await product in events {
                    prices.append(product.priceCents)
                    if prices.count == 3 { break }
                }
                return prices
            }
            await env.server.store.waitForPriceListener(productID: "p2")
            for cents: Int64 in [11_900, 10_900, 9_900] {
                _ = try await env.products.updatePrice(productID: "p2", cents: cents)
            }

            #expect(try await received.value == [11_900, 10_900, 9_900])
            var stored = env.products.storedProducts().makeAsyncIterator()
            #expect(try await stored.next()?.first { $0.id == "p2" }?.priceCents == 9_900)
        }
    }

    @Test("after the server stops, a new client on the same SQLite file shows the products from the cache")
    func offlineFromSQLite() async throws {
        try await Self.run { env in
            let online = try await env.lists(.network)
            try await env.server.stop()

            let offlineClient = Environment.client(for: env.server, cache: CacheStore(cache: env.sqlite))
            let offline = ProductService(client: offlineClient, router: env.router, entityStore: env.entities)
            let lists = try await env.lists(.cachedIfAvailable, from: offline)

            #expect(lists.map(\.origin) == [.cache])
            #expect(lists.first?.products == online.first?.products)
            await #expect(throws: ServiceError.self) { _ = try await env.lists(.network, from: offline) }
        }
    }
}
