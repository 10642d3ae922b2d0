import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle

@testable import APICoreGraphQL

/// A `graphql-transport-ws` server on loopback that acknowledges every connection and answers every subscription
/// with one `next` message of `payloadSize` bytes: too large for a client with a smaller message limit.
final class WebSocketFaultServer: Sendable {
    private let group: ServiceGroup
    private let task: Task<Void, any Error>
    private let connections: Counter
    /// `ws://127.0.0.1:PORT/graphql`.
    let url: URL

    /// How many WebSocket connections the server accepted.
    var connectionCount: Int { connections.value }

    init(payloadSize: Int) async throws {
        let connections = Counter()
        self.connections = connections
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws(
            "graphql",
            shouldUpgrade: { _, _ in .upgrade([.secWebSocketProtocol: "graphql-transport-ws"]) },
            onUpgrade: { inbound, outbound, _ in
                connections.increment()
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message else { continue }
                    if text.contains(#""connection_init""#) {
                        try await outbound.write(.text(#"{"type":"connection_ack"}"#))
                    } else if text.contains(#""subscribe""#), let id = Self.id(in: text) {
                        let padding = String(repeating: "a", count: payloadSize)
                        try await outbound.write(
                            .text(#"{"id":"\#(id)","type":"next","payload":{"data":{"padding":"\#(padding)"}}}"#))
                    }
                }
            })
        var logger = Logger(label: "WebSocketFaultServer")
        logger.logLevel = .critical
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: Router(),
            server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                boundContinuation.yield(channel.localAddress?.port ?? 0)
                boundContinuation.finish()
            },
            logger: logger)
        group = ServiceGroup(services: [app], gracefulShutdownSignals: [], logger: logger)
        let group = group
        task = Task { try await group.run() }
        var ports = bound.makeAsyncIterator()
        let port = await ports.next() ?? 0
        url = URL(string: "ws://127.0.0.1:\(port)/graphql")!
    }

    /// Stops the server.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }

    /// The `id` of a `subscribe` message.
    private static func id(in text: String) -> String? {
        guard let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
        return json["id"] as? String
    }
}

/// A thread-safe count.
final class Counter: Sendable {
    private let count = Lock(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
