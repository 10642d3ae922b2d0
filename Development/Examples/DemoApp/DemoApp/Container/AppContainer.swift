import APICoreGraphQL
import APICoreKit
import APICoreSQLite
import APICoreWebSocket
import DevelopmentSupport
import Foundation
import ProductKit
import SharedKit
import UserKit

#if os(Linux) || os(Android)
    import APICoreNIO
#endif

/// The app's dependency container: one ``APICoreKit/APIClient`` and the feature kits' services built on it.
///
/// What it builds, from an ``AppConfiguration``:
/// 1. The interceptors, outermost first: metrics (into ``requestLog``), logging, authentication.
/// 2. The normalized cache: memory in front of `cache.sqlite`, so answers survive a restart, with the kits' cache
///    policies (the product catalogue's pages merge into one list).
/// 3. The transports: AsyncHTTPClient and swift-websocket's client (the `APICoreNIO` package) on Linux, URLSession's
///    on Apple platforms.
/// 4. The client, the ``SharedKit/FeatureFlags`` and the ``SharedKit/BackendRouter`` that choose GraphQL or REST
///    per feature, and the services, each handed out as its repository protocol: screens never see the client.
///
/// Call ``close()`` when done: it releases the SQLite files, so another container can open the same folder.
public final class AppContainer: Sendable {
    /// The configuration the container was built from.
    public let configuration: AppConfiguration
    /// Which backend each feature uses.
    public let flags: FeatureFlags
    /// Runs each feature's calls on its backend and counts fallbacks to REST.
    public let router: BackendRouter
    /// The figures of every request the client sent.
    public let requestLog: RequestLog
    /// Users: the profile screen's data.
    public let users: any UserRepository
    /// Products: lists, prices, live price changes and the products kept on the device.
    public let products: any ProductRepository

    private let client: APIClient
    private let cacheDatabase: SQLiteNormalizedCache
    private let entityStore: EntityStore
    private let isClosed = Lock(false)

    /// Builds the API layer for `configuration`, creating the data folder when needed and opening the SQLite files
    /// in it; figures go to `requestLog`.
    public init(configuration: AppConfiguration, requestLog: RequestLog = RequestLog()) throws {
        self.configuration = configuration
        self.requestLog = requestLog
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        let cacheDatabase = try SQLiteNormalizedCache(
            fileURL: configuration.dataDirectory.appendingPathComponent("cache.sqlite"))
        let entityStore: EntityStore
        do {
            entityStore = try EntityStore(
                fileURL: configuration.dataDirectory.appendingPathComponent("entities.sqlite"))
        } catch {
            try? cacheDatabase.close()
            throw error
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: configuration.graphQLEndpoint,
                restBaseURL: configuration.restBaseURL,
                transport: Self.httpTransport,
                interceptors: [
                    MetricsInterceptor(collector: requestLog),
                    LoggingInterceptor(logger: configuration.logger),
                    AuthInterceptor(tokenProvider: configuration.tokenProvider),
                ],
                cache: CacheStore(
                    cache: ChainedNormalizedCache(front: InMemoryNormalizedCache(), back: cacheDatabase),
                    keyResolver: CacheKeyResolver(
                        typePolicies: UserService.cachePolicies.merging(ProductService.cachePolicies))),
                defaultCachePolicy: .cacheFirst,
                subscriptionTransport: WebSocketSubscriptionTransport(
                    url: configuration.webSocketURL, connector: Self.webSocketConnector)))
        let flags = FeatureFlags(defaultBackend: .graphQL, fallsBackToREST: true)
        let router = BackendRouter(flags: flags, logger: configuration.logger)
        self.client = client
        self.cacheDatabase = cacheDatabase
        self.entityStore = entityStore
        self.flags = flags
        self.router = router
        users = UserService(client: client, router: router)
        products = ProductService(client: client, router: router, entityStore: entityStore)
    }

    #if os(Linux) || os(Android)
        private static var httpTransport: any HTTPTransport { .asyncHTTPClient() }
        private static var webSocketConnector: any GraphQLWebSocketConnector { .nio }
    #else
        private static var httpTransport: any HTTPTransport { .urlSession() }
        private static var webSocketConnector: any GraphQLWebSocketConnector { .platform }
    #endif

    /// Cancels the calls in flight and closes the SQLite files; calling it again does nothing.
    public func close() throws {
        let alreadyClosed = isClosed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !alreadyClosed else { return }
        client.cancelAll()
        var firstError: (any Error)?
        do { try entityStore.close() } catch { firstError = error }
        do { try cacheDatabase.close() } catch { firstError = firstError ?? error }
        if let firstError { throw firstError }
    }
}
