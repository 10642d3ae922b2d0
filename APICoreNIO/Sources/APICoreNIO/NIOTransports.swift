import APICoreKit
import APICoreWebSocket

extension HTTPTransport where Self == AsyncHTTPClientTransport {
    /// AsyncHTTPClient on SwiftNIO, the HTTP transport for Linux and Android: `transport: .asyncHTTPClient()` in an
    /// `APIClientConfiguration`. `requestTimeout` bounds the wait for a response head.
    public static func asyncHTTPClient(requestTimeout: Duration = .seconds(60)) -> AsyncHTTPClientTransport {
        AsyncHTTPClientTransport(requestTimeout: requestTimeout)
    }
}

extension GraphQLWebSocketConnector where Self == NIOWebSocketConnector {
    /// swift-websocket's NIO client, the WebSocket client for Linux and Android: `connector: .nio` in a
    /// `WebSocketTransportConfiguration`.
    public static var nio: NIOWebSocketConnector { NIOWebSocketConnector() }
}
