import APICoreKit
import APICoreWebSocket
import Foundation
import Testing

/// The WebSocket bounds: a message over the connector's limit is refused, and the reconnections it causes stop at
/// the policy's maximum, with a typed error.
@Suite("WebSocket faults", .timeLimit(.minutes(10)))
struct WebSocketFaultTests {
    @Test("a message over the size limit closes the connection; reconnecting stops after the policy's attempts")
    func oversizedMessage() async throws {
        try await withStopping(try await WebSocketFaultServer(payloadSize: 256 << 10)) { server in
            let configuration = WebSocketTransportConfiguration(
                url: server.url,
                reconnectPolicy: GraphQLWebSocketReconnectPolicy(
                    initialDelay: .milliseconds(10), maximumDelay: .milliseconds(20), maximumAttempts: 2),
                connector: NIOWebSocketConnector(maximumMessageSize: 64 << 10))
            let transport = WebSocketSubscriptionTransport(configuration: configuration)
            var received = 0
            let thrown = await #expect(throws: APIError.self) {
                for try await _ in transport.subscribe(
                    GraphQLSubscriptionRequest(operationName: "Padding", document: "subscription Padding { padding }"))
                {
                    received += 1
                }
            }
            #expect(received == 0)
            let failure = try #require(thrown?.underlying as? GraphQLWebSocketError)
            #expect(failure.kind == .connectionFailed)
            // The first connection and two reconnections, each ended by the oversized message.
            #expect(server.connectionCount == 3)
        }
    }

    @Test("the default limits are 16 MiB per message and 10 reconnection attempts")
    func defaults() {
        #expect(NIOWebSocketConnector().maximumMessageSize == 16 << 20)
        #expect(GraphQLWebSocketReconnectPolicy().maximumAttempts == 10)
    }
}
