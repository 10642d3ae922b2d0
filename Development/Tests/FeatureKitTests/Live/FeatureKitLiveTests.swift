import APICoreCache
import APICoreKit
import APICoreSQLite
import APICoreTestSupport
import APICoreWebSocket
import DemoServerKit
import Foundation
import ProductKit
import SharedKit
import Testing
import UserKit

@testable import APICoreJSON

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
            client = Self.client(for: server, interceptors: interceptors, cache: Self.cache(over: sqlite))
            router = BackendRouter(flags: flags, logger: log.logger)
            users = UserService(client: client, router: router)
            products = ProductService(client: client, router: router, entityStore: entities)
        }

        /// A cache over `sqlite` with the kits' cache policies, as the app's container builds it.
        static func cache(over sqlite: SQLiteNormalizedCache) -> CacheStore {
            CacheStore(
                cache: sqlite,
                keyResolver: CacheKeyResolver(
                    typePolicies: UserService.cachePolicies.merging(ProductService.cachePolicies)))
        }

        static func client(
            for server: RunningDemoServer, interceptors: [any APIInterceptor] = [], cache: CacheStore
        ) -> APIClient {
            APIClient(
                configuration: APIClientConfiguration(
                    graphQLEndpoint: URL(string: server.graphQLURL)!, restBaseURL: URL(string: server.restBaseURL)!,
                    transport: TestTransport.platform.make(), interceptors: interceptors, cache: cache,
                    subscriptionTransport: WebSocketSubscriptionTransport(
                        url: URL(string: server.webSocketURL)!, connector: platformWebSocketConnector)))
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

            let offlineClient = Environment.client(for: env.server, cache: Environment.cache(over: env.sqlite))
            let offline = ProductService(client: offlineClient, router: env.router, entityStore: env.entities)
            let lists = try await env.lists(.cachedIfAvailable, from: offline)

            #expect(lists.map(\.origin) == [.cache])
            #expect(lists.first?.products == online.first?.products)
            await #expect(throws: ServiceError.self) { _ = try await env.lists(.network, from: offline) }
        }
    }

    @Test("the catalogue pages by cursor into one list per category, and a new client reads every page offline")
    func cataloguePages() async throws {
        try await Self.run { env in
            let seeded = DemoStore.seedProducts.map(\.id)
            let all = env.products.catalog(category: nil, pageSize: 3)
            var listings = all.listings().makeAsyncIterator()
            let first = try #require(try await listings.next())
            #expect(first.products.map(\.id) == Array(seeded.prefix(3)) && first.hasMore && first.origin == .network)
            #expect(try await all.loadNext())
            let merged = try #require(try await listings.next())
            #expect(merged.products.map(\.id) == seeded && !merged.hasMore)
            #expect(try await all.loadNext() == false)

            // Pages of another category are another list: the category is the field policy's key argument.
            let electronics = env.products.catalog(category: .electronics, pageSize: 1)
            var electronicListings = electronics.listings().makeAsyncIterator()
            #expect(try await electronicListings.next()?.products.map(\.id) == ["p2"])
            #expect(try await electronics.loadNext())
            #expect(try await electronicListings.next()?.products.map(\.id) == ["p2", "p4"])

            // Every product of every page reached the entity store.
            var stored = env.products.storedProducts().makeAsyncIterator()
            #expect(Set(try await stored.next()?.map(\.id) ?? []) == Set(seeded))

            try await env.server.stop()
            let offlineClient = Environment.client(for: env.server, cache: Environment.cache(over: env.sqlite))
            let offline = ProductService(client: offlineClient, router: env.router, entityStore: env.entities)
            var offlineListings = offline.catalog(category: nil, pageSize: 3).listings().makeAsyncIterator()
            let cached = try #require(try await offlineListings.next())
            #expect(cached.products.map(\.id) == seeded && cached.origin == .cache && !cached.hasMore)
            var offlineElectronics = offline.catalog(category: .electronics, pageSize: 1).listings()
                .makeAsyncIterator()
            #expect(try await offlineElectronics.next()?.products.map(\.id) == ["p2", "p4"])
        }
    }

    @Test("an avatar uploads from memory and from a file: the server's size and digest are ours, progress rises to it")
    func avatarUploads() async throws {
        try await Self.run { env in
            let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
            let file = env.folder.appendingPathComponent("photo.jpg")
            try Data(bytes.reversed()).write(to: file)
            let images = [
                AvatarImage(source: .data(Data(bytes)), fileName: "me; (1) é.png", contentType: "image/png"),
                AvatarImage(source: .file(file), fileName: "photo.jpg", contentType: "image/jpeg"),
            ]
            for (image, sent) in zip(images, [bytes, bytes.reversed()]) {
                let events = Lock<[AvatarUploadProgress]>([])
                let avatar = try await env.users.uploadAvatar(userID: "u3", image: image) { event in
                    events.withLock { $0.append(event) }
                }
                let expected = Avatar(
                    fileName: image.fileName, contentType: image.contentType, byteCount: sent.count,
                    sha256: GraphQLSHA256.hexDigest(of: sent))
                #expect(avatar == expected)
                let stored = try #require(env.server.store.user(id: "u3")?.avatar)
                #expect(stored.sha256 == expected.sha256 && stored.byteCount == sent.count)
                let progress = events.withLock { $0 }.map(\.bytesSent)
                #expect(progress.last == sent.count && progress == progress.sorted())
            }
            await #expect(throws: ServiceError.notFound(kind: "user", id: "u9")) {
                _ = try await env.users.uploadAvatar(userID: "u9", image: images[0]) { _ in }
            }
        }
    }
}
