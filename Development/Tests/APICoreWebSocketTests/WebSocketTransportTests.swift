import APICoreKit
import APICoreTestSupport
import APICoreWebSocket
import Foundation
import Testing

@testable import APICoreJSON

/// The transport against a scripted peer: what reaches the caller when the server misbehaves.
@Suite struct WebSocketTransportTests {
    /// Acknowledges `connection_init`, then answers `subscribe` with `frame`.
    static func peer(answeringSubscribeWith frame: GraphQLWebSocketEvent) -> ScriptedWebSocket {
        ScriptedWebSocket { text in
            if text.contains(#""connection_init""#) { return [.text(#"{"type":"connection_ack"}"#)] }
            if text.contains(#""subscribe""#) { return [frame] }
            return []
        }
    }

    static func failure(_ frame: GraphQLWebSocketEvent) async throws -> (APIError, ScriptedWebSocket) {
        let peer = peer(answeringSubscribeWith: frame)
        let transport = WebSocketSubscriptionTransport(
            configuration: WebSocketTransportConfiguration(
                url: URL(string: "ws://127.0.0.1:1/graphql")!, reconnectPolicy: .never, connector: peer))
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, subscriptionTransport: transport))
        let (events, error) = await collect(client.subscribe(CountdownSubscription(from: 1)))
        #expect(events.isEmpty)
        return (try #require(error), peer)
    }

    @Test(arguments: [
        GraphQLWebSocketEvent.text(#"{"id":"1","type":"next","payload":{"data":{"countdown":1"#),
        .text(#"{"id":"1","type":"hello"}"#),
        .text(#"{"id":"1","type":"data","payload":{"data":{"countdown":1}}}"#),
        .text(#"{"type":"next","payload":{"data":{"countdown":1}}}"#),
        .text("[]"),
        .binary(Data([1, 2, 3])),
    ])
    func badFramesFailTheSubscriptionAsInvalidResponsesAndClose4400(frame: GraphQLWebSocketEvent) async throws {
        let (error, peer) = try await Self.failure(frame)
        #expect(error.code == .invalidResponse)
        #expect(error.operationName == "Countdown")
        #expect((error.underlying as? GraphQLWebSocketError)?.kind == .invalidMessage)
        #expect(await peer.firstClose() == 4400)
        #expect(peer.closes.withLock { $0 } == [4400])
    }

    @Test func theSubscribeMessageCarriesTheOperation() async throws {
        let peer = Self.peer(answeringSubscribeWith: .text(#"{"id":"1","type":"complete"}"#))
        let transport = WebSocketSubscriptionTransport(
            configuration: WebSocketTransportConfiguration(
                url: URL(string: "ws://127.0.0.1:1/graphql")!,
                connectionPayload: { _ in ["token": "t"] }, reconnectPolicy: .never, connector: peer))
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, subscriptionTransport: transport))
        let (events, error) = await collect(client.subscribe(CountdownSubscription(from: 3)))
        #expect(events.isEmpty && error == nil)
        let sent = peer.sent.withLock { $0 }
        #expect(sent.first == #"{"type":"connection_init","payload":{"token":"t"}}"#)
        let subscribe = try JSONReader().read(try #require(sent.dropFirst().first))
        #expect(subscribe["type"] == "subscribe")
        #expect(subscribe["payload"]?["operationName"] == "Countdown")
        #expect(subscribe["payload"]?["query"] == .string(CountdownSubscription.document))
        #expect(subscribe["payload"]?["variables"] == ["from": 3, "intervalMs": 0])
    }

    @Test func withoutASubscriptionTransportSubscribeFailsAsAnInvalidRequest() async {
        let client = APIClient(url: URL(string: "http://127.0.0.1:1/graphql")!)
        let (_, error) = await collect(client.subscribe(CountdownSubscription(from: 1)))
        #expect(error?.code == .invalidRequest)
    }

    /// A connector that can never open a socket (as the platform's on Linux), counting its attempts.
    final class UnavailableConnector: GraphQLWebSocketConnector, Sendable {
        let attempts = Lock(0)

        func connect(
            to url: URL, subprotocol: String, headers: HTTPHeaders
        ) async throws -> any GraphQLWebSocketConnection {
            attempts.withLock { $0 += 1 }
            throw GraphQLWebSocketUnavailableError(reason: "no WebSocket client here")
        }
    }

    @Test func aConnectorThatCanNeverConnectFailsTheSubscriptionAtOnceWithoutReconnecting() async throws {
        let connector = UnavailableConnector()
        // Ten attempts with backoff would take minutes: the failure must come from the first.
        let transport = WebSocketSubscriptionTransport(
            configuration: WebSocketTransportConfiguration(
                url: URL(string: "ws://127.0.0.1:1/graphql")!,
                reconnectPolicy: GraphQLWebSocketReconnectPolicy(
                    initialDelay: .seconds(30), maximumDelay: .seconds(60), jitter: 0, maximumAttempts: 10),
                connector: connector))
        let observed = transport.connectionEvents()
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, subscriptionTransport: transport))
        let (events, error) = await collect(client.subscribe(CountdownSubscription(from: 1)))
        #expect(events.isEmpty)
        let failure = try #require(error)
        #expect(failure.code == .network)
        let underlying = try #require(failure.underlying as? GraphQLWebSocketError)
        #expect(underlying.kind == .connectionFailed)
        #expect(underlying.reason == "no WebSocket client here")
        #expect(connector.attempts.withLock { $0 } == 1)
        var seen: [WebSocketConnectionEvent] = []
        for await event in observed {
            seen.append(event)
            if case .failed = event { break }
        }
        #expect(!seen.contains { if case .reconnecting = $0 { true } else { false } })
    }

    @Test(.enabled(if: !PlatformWebSocketConnector.isAvailable, "a platform without Foundation's WebSocket client"))
    func thePlatformConnectorWithoutAClientSaysWhichConnectorToUse() async throws {
        await #expect {
            _ = try await PlatformWebSocketConnector().connect(
                to: URL(string: "ws://127.0.0.1:1/graphql")!, subprotocol: "graphql-transport-ws",
                headers: HTTPHeaders())
        } throws: { error in
            (error as? GraphQLWebSocketUnavailableError)?.reason.contains("NIOWebSocketConnector") == true
        }
    }
}
