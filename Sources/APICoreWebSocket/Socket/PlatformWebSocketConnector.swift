import APICoreKit
import Foundation

/// The platform's WebSocket client: `NIOWebSocketConnector` on Linux and Android (with the package's `SwiftNIO`
/// trait), `URLSessionWebSocketConnector` on Apple platforms.
public struct PlatformWebSocketConnector: GraphQLWebSocketConnector {
    /// The platform's connector.
    public init() {}

    /// Opens the socket with `NIOWebSocketConnector` or `URLSessionWebSocketConnector`, whichever this platform
    /// uses; throws an `APIError` with the `network` code on a platform that has neither (Linux without the
    /// `SwiftNIO` trait: Foundation's `URLSessionWebSocketTask` fails at run time there).
    public func connect(
        to url: URL, subprotocol: String, headers: HTTPHeaders
    ) async throws -> any GraphQLWebSocketConnection {
        #if SwiftNIO && (os(Linux) || os(Android))
            try await NIOWebSocketConnector().connect(to: url, subprotocol: subprotocol, headers: headers)
        #elseif canImport(Darwin)
            try await URLSessionWebSocketConnector().connect(to: url, subprotocol: subprotocol, headers: headers)
        #elseif SwiftNIO
            try await NIOWebSocketConnector().connect(to: url, subprotocol: subprotocol, headers: headers)
        #else
            throw APIError(
                .network,
                reason: "no WebSocket client on this platform: enable the APICoreKit package's SwiftNIO trait")
        #endif
    }
}
