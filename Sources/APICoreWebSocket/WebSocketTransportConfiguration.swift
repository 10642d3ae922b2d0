import APICoreGraphQL
import APICoreJSON
import APICoreKit
import Foundation

/// How a ``WebSocketSubscriptionTransport`` connects, keeps its connection alive and reconnects.
public struct WebSocketTransportConfiguration: Sendable {
    /// Produces the `connection_init` payload; `refreshing` is true after the server rejected the last one (4401).
    public typealias ConnectionPayload = @Sendable (_ refreshing: Bool) async throws -> JSONObject?

    /// The endpoint, `ws://` or `wss://`.
    public var url: URL
    /// The subprotocol.
    public var wireProtocol: GraphQLWebSocketProtocol
    /// The `connection_init` payload (credentials), fetched before each connection; see `bearerToken(_:key:)`.
    public var connectionPayload: ConnectionPayload?
    /// Extra header fields of the handshake.
    public var headers: HTTPHeaders
    /// How long the server may take to acknowledge `connection_init`.
    public var acknowledgementTimeout: Duration
    /// The longest a connection may stay silent before the client gives it up (close code 4499) and reconnects.
    /// graphql-transport-ws: the client pings every half interval, and a ping that finds nothing arrived since the
    /// last one ends the connection, so a pong has half the interval to come. Legacy: the server sends `ka` at an
    /// interval of its own; set this longer than that. `nil`: never.
    public var keepAliveInterval: Duration?
    /// How long an idle connection stays open after its last subscription ended.
    public var idleGracePeriod: Duration
    /// How lost connections are retried.
    public var reconnectPolicy: GraphQLWebSocketReconnectPolicy
    /// Opens the sockets.
    public var connector: any GraphQLWebSocketConnector
    /// The clock of every timer (acknowledgement, keep-alive, grace period, backoff).
    public var clock: any Clock<Duration>
    /// A number in `0..<1` for the jitter of each reconnection delay.
    public var random: @Sendable () -> Double

    /// A configuration for the endpoint at `url`.
    public init(
        url: URL,
        wireProtocol: GraphQLWebSocketProtocol = .graphQLTransportWS,
        connectionPayload: ConnectionPayload? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        acknowledgementTimeout: Duration = .seconds(10),
        keepAliveInterval: Duration? = .seconds(20),
        idleGracePeriod: Duration = .seconds(5),
        reconnectPolicy: GraphQLWebSocketReconnectPolicy = GraphQLWebSocketReconnectPolicy(),
        connector: any GraphQLWebSocketConnector = .platform,
        clock: any Clock<Duration> = ContinuousClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.url = url
        self.wireProtocol = wireProtocol
        self.connectionPayload = connectionPayload
        self.headers = headers
        self.acknowledgementTimeout = acknowledgementTimeout
        self.keepAliveInterval = keepAliveInterval
        self.idleGracePeriod = idleGracePeriod
        self.reconnectPolicy = reconnectPolicy
        self.connector = connector
        self.clock = clock
        self.random = random
    }

    /// A `connection_init` payload `{"<key>": "Bearer <token>"}` from the same token provider as the HTTP
    /// `AuthInterceptor`; after a 4401 the provider refreshes the rejected token first. No token, no payload.
    public static func bearerToken(
        _ provider: any TokenProvider, key: String = "Authorization", scheme: String = "Bearer"
    ) -> ConnectionPayload {
        let lastToken = Lock<String?>(nil)
        return { refreshing in
            let token: String?
            if refreshing {
                token = try await provider.refreshToken(rejecting: lastToken.withLock { $0 })
            } else {
                token = try await provider.currentToken()
            }
            lastToken.withLock { $0 = token }
            guard let token else { return nil }
            return [key: .string(scheme.isEmpty ? token : "\(scheme) \(token)")]
        }
    }
}
