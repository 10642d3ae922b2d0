import APICoreKit
import APICoreWebSocket
import Foundation

@testable import APICoreJSON

/// A WebSocket peer played by the test: it records what the client sent and answers as scripted.
final class ScriptedWebSocket: GraphQLWebSocketConnector, GraphQLWebSocketConnection, Sendable {
    let events: AsyncStream<GraphQLWebSocketEvent>
    private let continuation: AsyncStream<GraphQLWebSocketEvent>.Continuation
    /// Answers a text the client sent with the frames to send back.
    private let script: @Sendable (String) -> [GraphQLWebSocketEvent]
    let sent = Lock<[String]>([])
    let closes = Lock<[UInt16]>([])
    /// The close codes, in order, for a test that waits for the client's close: the transport closes on its own
    /// task, so the close can reach the peer after the caller has seen the error.
    private let closeCodes: AsyncStream<UInt16>
    private let closeCodesContinuation: AsyncStream<UInt16>.Continuation

    init(script: @escaping @Sendable (String) -> [GraphQLWebSocketEvent]) {
        (events, continuation) = AsyncStream.makeStream(of: GraphQLWebSocketEvent.self)
        (closeCodes, closeCodesContinuation) = AsyncStream.makeStream(of: UInt16.self)
        self.script = script
    }

    /// The first code the client closed with, or nil if it has not closed within `limit`.
    func firstClose(within limit: Duration = .seconds(120)) async -> UInt16? {
        await withTaskGroup(of: UInt16?.self) { group in
            group.addTask { [closeCodes] in
                for await code in closeCodes { return code }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
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
        closeCodesContinuation.yield(code)
        continuation.yield(.closed(code: code, reason: reason))
        continuation.finish()
    }
}
