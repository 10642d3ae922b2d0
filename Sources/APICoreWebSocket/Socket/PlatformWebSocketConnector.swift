import APICoreKit
import Foundation

/// The platform's WebSocket client: `NIOWebSocketConnector` where swift-websocket is available (Linux),
/// `URLSessionWebSocketConnector` on Apple platforms.
public struct PlatformWebSocketConnector: GraphQLWebSocketConnector {
    /// The platform's connector.
    public init() {}

    /// Opens the socket with `NIOWebSocketConnector` or `URLSessionWebSocketConnector`, whichever this platform
    /// builds; throws an `APIError` with the `network` code on a platform that has neither.
    public func connect(
        to url: URL, subprotocol: String, headers: HTTPHeaders
    ) async throws -> any GraphQLWebSocketConnection {
        #if canImport(WSClient)
            try await NIOWebSocketConnector().connect(to: url, subprotocol: subprotocol, headers: headers)
        #elseif canImport(Darwin)
            try await URLSessionWebSocketConnector().connect(to: url, subprotocol: subprotocol, headers: headers)
        #else
            throw APIError(.network, reason: "no WebSocket client on this platform")
        #endif
    }
}
