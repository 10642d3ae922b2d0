import APICoreKit
import APICoreWebSocket
import Foundation

@testable import APICoreGraphQL

/// A WebSocket peer played by the test: it records what the client sent and answers as scripted.
final class ScriptedWebSocket: GraphQLWebSocketConnector, GraphQLWebSocketConnection, Sendable {
    let events: AsyncStream<GraphQLWebSocketEvent>
    private let continuation: AsyncStream<GraphQLWebSocketEvent>.Continuation
    /// Answers a text the client sent with the frames to send back.
    private let script: @Sendable (String) -> [GraphQLWebSocketEvent]
    let sent = Lock<[String]>([])
    let closes = Lock<[UInt16]>([])

    init(script: @escaping @Sendable (String) -> [GraphQLWebSocketEvent]) {
        (events, continuation) = AsyncStream.makeStream(of: GraphQLWebSocketEvent.self)
        self.script = script
    }

    func connect(
        to url: URL, subprotocol: String, headers: HTTPHeaders
    ) async throws -> any GraphQLWebSocketConnection {
        self
    }

    func send(_ text: String) async throws {
        sent.withLock { $0.append(text) }
        for event in script(text) { continuation.yield(event) }
    }

    func close(code: UInt16, reason: String) async {
        closes.withLock { $0.append(code) }
        continuation.yield(.closed(code: code, reason: reason))
        continuation.finish()
    }
}
