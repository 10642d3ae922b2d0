import APICoreKit
import APICoreWebSocket

/// The HTTP transport and WebSocket client `apicore`'s network subcommands (`query`, `fetch-schema`, `subscribe`)
/// use: the platform's, `URLSession`, unless the tool was started with others. `apicore-nio`, the same tool for Linux
/// and Android, runs every subcommand with SwiftNIO's.
public struct CommandTransports: Sendable {
    /// A new HTTP transport whose wait for a response head is bounded by the given duration.
    public var http: @Sendable (_ requestTimeout: Duration) -> any HTTPTransport
    /// Opens the sockets of `apicore subscribe`; `nil` where this build has no WebSocket client.
    public var webSocket: (any GraphQLWebSocketConnector)?

    /// Transports made by `http` and sockets opened by `webSocket`.
    public init(
        http: @escaping @Sendable (_ requestTimeout: Duration) -> any HTTPTransport,
        webSocket: (any GraphQLWebSocketConnector)?
    ) {
        self.http = http
        self.webSocket = webSocket
    }

    /// `URLSessionTransport`, and `PlatformWebSocketConnector` where it has a client (Apple platforms).
    public static let platform = CommandTransports(
        http: { APIClientConfiguration.defaultTransport(requestTimeout: $0) },
        webSocket: PlatformWebSocketConnector.isAvailable ? PlatformWebSocketConnector() : nil)

    /// The transports of the command running in this task.
    @TaskLocal static var current: CommandTransports = .platform
}
