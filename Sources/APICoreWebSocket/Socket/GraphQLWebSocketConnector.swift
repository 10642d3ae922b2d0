import APICoreKit
import Foundation

/// Opens WebSocket connections for a ``WebSocketSubscriptionTransport``.
///
/// The default is the platform's client, `URLSessionWebSocketTask` on Apple platforms; on Linux and Android,
/// swift-websocket's NIO client from the `APICoreNIO` package (`.nio`). Tests and unusual networks can supply their
/// own.
public protocol GraphQLWebSocketConnector: Sendable {
    /// Opens a socket to `url` offering `subprotocol`, with extra handshake header fields; returns once the
    /// handshake completed, or throws.
    func connect(
        to url: URL, subprotocol: String, headers: HTTPHeaders
    ) async throws -> any GraphQLWebSocketConnection
}

/// A connector's failure that trying again cannot mend, such as a platform without a WebSocket client: thrown by
/// ``GraphQLWebSocketConnector/connect(to:subprotocol:headers:)``, it fails every subscription at once with
/// ``GraphQLWebSocketError/Kind/connectionFailed`` and this reason, instead of reconnecting with backoff.
public struct GraphQLWebSocketUnavailableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why no connection can be opened, and what to do instead.
    public let reason: String

    /// The failure, with why no connection can be opened.
    public init(reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}

/// One open WebSocket.
public protocol GraphQLWebSocketConnection: Sendable {
    /// What arrives on the socket, ending with exactly one ``GraphQLWebSocketEvent/closed(code:reason:)``.
    var events: AsyncStream<GraphQLWebSocketEvent> { get }

    /// Sends a text frame.
    func send(_ text: String) async throws

    /// Closes the socket with a close code and reason.
    func close(code: UInt16, reason: String) async
}

/// What arrives on a WebSocket.
public enum GraphQLWebSocketEvent: Sendable, Hashable {
    /// A text message.
    case text(String)
    /// A binary message (never valid in the GraphQL protocols).
    case binary(Data)
    /// The socket closed, with the peer's close code (`nil` when it ended without a close frame).
    case closed(code: UInt16?, reason: String)
}

extension GraphQLWebSocketConnector where Self == PlatformWebSocketConnector {
    /// The platform's WebSocket client.
    public static var platform: PlatformWebSocketConnector { PlatformWebSocketConnector() }
}
