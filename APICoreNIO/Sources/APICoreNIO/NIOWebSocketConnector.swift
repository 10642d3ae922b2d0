import APICoreGraphQL
import APICoreKit
import APICoreWebSocket
import Foundation
import HTTPTypes
import Logging
import WSClient

/// Opens sockets with swift-websocket's NIO client: the connector on Linux, where Foundation's
/// `URLSessionWebSocketTask` fails at run time.
public struct NIOWebSocketConnector: GraphQLWebSocketConnector {
    /// The largest message accepted from the server.
    public var maximumMessageSize: Int

    /// A connector accepting messages up to `maximumMessageSize` bytes.
    public init(maximumMessageSize: Int = 16 << 20) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// Opens a socket to `url` offering `subprotocol` in `Sec-WebSocket-Protocol`, with the given header fields
    /// (those whose names are not valid HTTP field names are skipped); returns once the handshake completed, or
    /// throws the client's error.
    public func connect(
        to url: URL, subprotocol: String, headers: HTTPHeaders
    ) async throws -> any GraphQLWebSocketConnection {
        var configuration = WebSocketClientConfiguration(maxFrameSize: maximumMessageSize)
        configuration.additionalHeaders[.secWebSocketProtocol] = subprotocol
        for field in headers {
            guard let name = HTTPField.Name(field.name) else { continue }
            configuration.additionalHeaders[name] = field.value
        }
        let (events, continuation) = AsyncStream.makeStream(of: GraphQLWebSocketEvent.self)
        let opened = OpenSignal<WebSocketOutboundWriter>()
        let maximumMessageSize = maximumMessageSize
        let client = WebSocketClient(
            url: url.absoluteString, configuration: configuration,
            logger: Logger(label: "APICoreWebSocket")
        ) { inbound, outbound, _ in
            opened.resolve(.success(outbound))
            for try await message in inbound.messages(maxSize: maximumMessageSize) {
                switch message {
                case .text(let text): continuation.yield(.text(text))
                case .binary(let buffer): continuation.yield(.binary(Data(buffer.readableBytesView)))
                }
            }
        }
        let run = Task {
            do {
                let frame = try await client.run()
                continuation.yield(
                    .closed(
                        code: frame.map { UInt16(webSocketErrorCode: $0.closeCode) }, reason: frame?.reason ?? ""))
                opened.resolve(.failure(URLError(.networkConnectionLost)))
            } catch {
                continuation.yield(.closed(code: nil, reason: "connection failed"))
                opened.resolve(.failure(error))
            }
            continuation.finish()
        }
        let outbound: WebSocketOutboundWriter
        do {
            outbound = try await withTaskCancellationHandler {
                try await opened.value()
            } onCancel: {
                run.cancel()
            }
        } catch {
            run.cancel()
            throw error
        }
        return NIOWebSocketConnection(events: events, outbound: outbound, run: run)
    }
}

/// A socket of ``NIOWebSocketConnector``.
struct NIOWebSocketConnection: GraphQLWebSocketConnection {
    let events: AsyncStream<GraphQLWebSocketEvent>
    let outbound: WebSocketOutboundWriter
    let run: Task<Void, Never>

    func send(_ text: String) async throws {
        try await outbound.write(.text(text))
    }

    func close(code: UInt16, reason: String) async {
        do {
            try await outbound.close(.init(codeNumber: Int(code)), reason: reason)
        } catch {
            run.cancel()
        }
    }
}
