import APICoreKit
import Foundation

/// The platform's WebSocket client: ``URLSessionWebSocketConnector`` on Apple platforms.
///
/// Linux and Android have none in this package (Foundation's `URLSessionWebSocketTask` fails at run time there):
/// pass `NIOWebSocketConnector` from the `APICoreNIO` package (`connector: .nio`).
public struct PlatformWebSocketConnector: GraphQLWebSocketConnector {
    /// The platform's connector.
    public init() {}

    /// Whether this platform has a WebSocket client in this package: `true` on Apple platforms, `false` on Linux and
    /// Android, where ``connect(to:subprotocol:headers:)`` throws.
    public static var isAvailable: Bool {
        #if canImport(Darwin)
            true
        #else
            false
        #endif
    }

    /// Opens the socket with ``URLSessionWebSocketConnector``; throws ``GraphQLWebSocketUnavailableError`` on a
    /// platform without Foundation's WebSocket client, naming the connector to use instead, so subscriptions fail at
    /// once rather than retrying what cannot work.
    public func connect(
        to url: URL, subprotocol: String, headers: HTTPHeaders
    ) async throws -> any GraphQLWebSocketConnection {
        #if canImport(Darwin)
            try await URLSessionWebSocketConnector().connect(to: url, subprotocol: subprotocol, headers: headers)
        #else
            throw GraphQLWebSocketUnavailableError(
                reason: "no WebSocket client on this platform: use NIOWebSocketConnector from the APICoreNIO package")
        #endif
    }
}
