import APICoreGraphQL
import APICoreScalars
import DevelopmentSupport
import Foundation
import GraphQL
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle

/// The demo backend: the app schema over GraphQL-over-HTTP (`/graphql`, POST and GET) and over WebSocket
/// (`graphql-transport-ws` on `/graphql`), and the same data as REST (`/rest/users/{id}`, `/rest/products`,
/// `/rest/products/{id}`), in memory, on 127.0.0.1.
public enum DemoServer {
    /// Starts a server on 127.0.0.1 at `port` (0 picks a free port) and returns once it accepts connections.
    ///
    /// With `safelistManifest`, the server runs persisted queries by the ids of that manifest (Apollo's
    /// `apollo-persisted-query-manifest` format, as the code generator writes it; see ``DemoSafelist``), and with
    /// `refusesUnlistedDocuments` it refuses documents that are not in it. A manifest that cannot be read or is not
    /// such a manifest fails the start with ``DemoServerError/invalidSafelist(path:reason:)``.
    public static func start(
        port: Int = 0, store: DemoStore = DemoStore(), safelistManifest: URL? = nil,
        refusesUnlistedDocuments: Bool = false, logger: Logger = DemoServer.defaultLogger
    ) async throws -> RunningDemoServer {
        let safelist = try safelistManifest.map {
            try DemoSafelist(manifestAt: $0, refusesOtherDocuments: refusesUnlistedDocuments)
        }
        let switches = DemoServerSwitches()
        let log = DemoRequestLog()
        let schema = try DemoSchema.make(store: store)
        let router = Router(context: BasicWebSocketRequestContext.self)
        DemoGraphQLRoutes(schema: schema, switches: switches, safelist: safelist, log: log).add(to: router)
        DemoRESTRoutes(store: store).add(to: router)
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "apicore-demo-server"),
            onServerRunning: { channel in
                boundContinuation.yield(channel.localAddress?.port ?? 0)
                boundContinuation.finish()
            },
            logger: logger
        )
        let group = ServiceGroup(services: [app], gracefulShutdownSignals: [], logger: logger)
        let task = Task { try await group.run() }
        var iterator = bound.makeAsyncIterator()
        guard let boundPort = await iterator.next() else {
            // The server stopped before it was bound: report why.
            try await task.value
            throw DemoServerError.notStarted
        }
        return RunningDemoServer(
            port: boundPort, store: store, switches: switches, log: log, group: group, task: task)
    }
}

extension DemoServer {
    /// A logger that reports warnings and errors only, so a demo's or a test's output stays readable.
    public static var defaultLogger: Logger {
        var logger = Logger(label: "DemoServer")
        logger.logLevel = .warning
        return logger
    }
}

/// Why the demo server could not start.
public enum DemoServerError: Error, CustomStringConvertible {
    /// The server stopped before it bound its port.
    case notStarted
    /// The safelist manifest at `path` (`nil` for one given as bytes) cannot be read, or is not an Apollo
    /// persisted-query manifest; `reason` says what is wrong.
    case invalidSafelist(path: String?, reason: String)

    /// What went wrong, and where.
    public var description: String {
        switch self {
        case .notStarted: "the demo server stopped before it bound its port"
        case .invalidSafelist(let path, let reason):
            "the safelist manifest\(path.map { " \($0)" } ?? "") is invalid: \(reason); expected "
                + #"{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"id", "body", ...}]}"#
        }
    }
}

/// Switches a test flips on a running server.
final class DemoServerSwitches: Sendable {
    private let graphQLFails = Lock(false)
    /// The operations held, each with the requests waiting for its release.
    private let held = Lock<[String: [CheckedContinuation<Void, Never>]]>([:])

    var isGraphQLFailing: Bool {
        get { graphQLFails.withLock { $0 } }
        set { graphQLFails.withLock { $0 = newValue } }
    }

    /// Holds the requests of the operation `name` from now on.
    func hold(operationName name: String) {
        held.withLock { held in
            if held[name] == nil { held[name] = [] }
        }
    }

    /// Lets the held requests of `name` and later ones through.
    func release(operationName name: String) {
        let waiting = held.withLock { held in held.removeValue(forKey: name) ?? [] }
        for request in waiting { request.resume() }
    }

    /// Returns once the operation `name` is not held.
    func waitIfHeld(_ name: String?) async {
        guard let name else { return }
        await withCheckedContinuation { continuation in
            let isHeld = held.withLock { held in
                guard held[name] != nil else { return false }
                held[name]?.append(continuation)
                return true
            }
            if !isHeld { continuation.resume() }
        }
    }
}

/// A started ``DemoServer``: its port, its data, the failure switch, and `stop()`.
public struct RunningDemoServer: Sendable {
    /// The bound port on 127.0.0.1.
    public let port: Int
    /// The server's data; changing it here is what every API then serves.
    public let store: DemoStore
    let switches: DemoServerSwitches
    let log: DemoRequestLog
    let group: ServiceGroup
    let task: Task<Void, any Error>

    /// `http://127.0.0.1:PORT/graphql`.
    public var graphQLURL: String { "http://127.0.0.1:\(port)/graphql" }
    /// `ws://127.0.0.1:PORT/graphql`.
    public var webSocketURL: String { "ws://127.0.0.1:\(port)/graphql" }
    /// `http://127.0.0.1:PORT/rest`.
    public var restBaseURL: String { "http://127.0.0.1:\(port)/rest" }

    /// The GraphQL requests over HTTP received so far, oldest first (WebSocket subscriptions are not recorded).
    public var receivedGraphQLRequests: [DemoGraphQLRequestRecord] { log.all }

    /// While true, every GraphQL request over HTTP gets 503 Service Unavailable, so clients can exercise a fallback
    /// to REST; REST and WebSocket are unaffected.
    public func setGraphQLFailing(_ failing: Bool) {
        switches.isGraphQLFailing = failing
    }

    /// Holds every GraphQL request over HTTP for the operation `operationName` until ``release(operationName:)``:
    /// what lets a client show what it shows while a mutation is in flight.
    public func hold(operationName: String) {
        switches.hold(operationName: operationName)
    }

    /// Answers the requests held for `operationName`, and no longer holds new ones.
    public func release(operationName: String) {
        switches.release(operationName: operationName)
    }

    /// Stops accepting connections, closes open ones and returns once the server has stopped.
    public func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }
}
