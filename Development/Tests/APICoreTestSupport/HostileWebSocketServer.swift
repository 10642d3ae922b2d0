import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

@testable import APICoreJSON

/// A `graphql-transport-ws` server on loopback that misbehaves as a script says, one ``Behaviour`` per connection:
/// the faults of a real network and of a broken or hostile server, written at the level of TCP and WebSocket frames.
///
/// Every subscription it serves receives `next` messages `{"data":{"tick":N}}`, where `N` counts the events of the
/// whole server, across connections, from 1. ``sentTicks`` lists them in the order they were written, so a test can
/// compare what a client received with what the server sent.
public final class HostileWebSocketServer: Sendable {
    /// What one connection does.
    public enum Behaviour: Sendable, Hashable {
        /// Acknowledges `connection_init`, answers pings, and answers each `subscribe` with `events` events, then
        /// keeps the connection open, still answering pings.
        case serve(events: Int)
        /// Serves `events` events, then ends the TCP connection without a close frame: the network cut it.
        case drop(afterEvents: Int)
        /// Serves `events` events, then answers nothing more (no pong, no WebSocket pong) and leaves the connection
        /// open: a half-open connection, or a peer that hung.
        case goSilent(afterEvents: Int)
        /// Serves `events` events, then sends `frame`, which is not a message of the protocol, and serves on.
        case misbehave(afterEvents: Int, Frame)
        /// Closes the connection with `code` when `connection_init` arrives: it refuses the client.
        case refuseInit(code: UInt16, reason: String)
        /// Closes the connection with `code` after `events` events.
        case close(afterEvents: Int, code: UInt16, reason: String)
        /// Accepts the TCP connection and closes it at once, before the handshake: a server that is down.
        case down
        /// Sends `complete`, `next` and `error` for an id the client never used, then serves `events` events.
        case strayMessages(thenEvents: Int)
    }

    /// A frame the protocol has no place for.
    public enum Frame: Sendable, Hashable {
        /// A text frame, exactly this text.
        case text(String)
        /// A binary frame.
        case binary([UInt8])
        /// A `next` message for the subscription padded to `bytes` bytes: over a client's message limit.
        case oversized(bytes: Int)
    }

    /// What the server saw and did, shared by every connection.
    fileprivate final class Log: Sendable {
        struct State {
            var behaviours: [Behaviour]
            var connections = 0
            var initialisations = 0
            var subscriptions: [[String]] = []
            var ticks: [Int] = []
            var closeCodes: [UInt16] = []
            var pings = 0
        }

        let state: Lock<State>

        init(_ behaviours: [Behaviour]) {
            state = Lock(State(behaviours: behaviours))
        }

        /// The behaviour of a new connection (the last of the script repeats) and its number, from 1.
        func connect() -> (Int, Behaviour) {
            state.withLock { state in
                state.connections += 1
                state.subscriptions.append([])
                let index = min(state.connections, state.behaviours.count) - 1
                return (state.connections, state.behaviours[index])
            }
        }

        func nextTick() -> Int {
            state.withLock { state in
                let tick = state.ticks.count + 1
                state.ticks.append(tick)
                return tick
            }
        }
    }

    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let log: Log
    /// `ws://127.0.0.1:PORT/graphql`.
    public let url: URL

    /// Starts a server on a port the system picks; connection `n` behaves as `behaviours[n - 1]`, and every
    /// connection after the last as the last.
    public init(_ behaviours: [Behaviour]) async throws {
        precondition(!behaviours.isEmpty, "a hostile server needs at least one behaviour")
        let log = Log(behaviours)
        self.log = log
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    // The connection's place in the script is fixed when it is accepted.
                    let (number, behaviour) = log.connect()
                    if behaviour == .down { return channel.close() }
                    let upgrader = NIOWebSocketServerUpgrader(
                        maxFrameSize: 1 << 24,
                        shouldUpgrade: { channel, _ in
                            channel.eventLoop.makeSucceededFuture(
                                HTTPHeaders([("Sec-WebSocket-Protocol", "graphql-transport-ws")]))
                        },
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandler(
                                    HostileConnectionHandler(number: number, behaviour: behaviour, log: log))
                            }
                        })
                    return channel.pipeline.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
                }
                .bind(host: "127.0.0.1", port: 0).get()
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        url = URL(string: "ws://127.0.0.1:\(channel.localAddress?.port ?? 0)/graphql")!
    }

    /// How many connections the server accepted (a `down` connection counts: the client reached it).
    public var connectionCount: Int { log.state.withLock { $0.connections } }
    /// How many `connection_init` messages arrived.
    public var initialisationCount: Int { log.state.withLock { $0.initialisations } }
    /// The ids of the `subscribe` messages each connection received, by connection.
    public var subscriptions: [[String]] { log.state.withLock { $0.subscriptions } }
    /// The ticks of every event sent, in order.
    public var sentTicks: [Int] { log.state.withLock { $0.ticks } }
    /// The close codes the clients sent.
    public var closeCodesReceived: [UInt16] { log.state.withLock { $0.closeCodes } }
    /// How many `ping` messages arrived (answered or not).
    public var pingCount: Int { log.state.withLock { $0.pings } }

    /// Stops listening and closes every connection.
    public func stop() async throws {
        try? await channel.close()
        try await group.shutdownGracefully()
    }
}

extension HostileWebSocketServer.Log {
    func record(_ change: (inout State) -> Void) {
        state.withLock { change(&$0) }
    }
}

/// One connection of a ``HostileWebSocketServer``, after the handshake: it reads the client's frames and answers as
/// its behaviour says.
private final class HostileConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let number: Int
    private let behaviour: HostileWebSocketServer.Behaviour
    private let log: HostileWebSocketServer.Log
    private var silent = false
    private var closing = false

    init(number: Int, behaviour: HostileWebSocketServer.Behaviour, log: HostileWebSocketServer.Log) {
        self.number = number
        self.behaviour = behaviour
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .connectionClose:
            var data = frame.unmaskedData
            if let code = data.readInteger(as: UInt16.self) { log.record { $0.closeCodes.append(code) } }
            guard !closing else { return }
            closing = true
            if silent { return }
            var echo = context.channel.allocator.buffer(capacity: 2)
            echo.writeInteger(UInt16(1000))
            writeThenClose(WebSocketFrame(fin: true, opcode: .connectionClose, data: echo), context: context)
        case .ping:
            guard !silent else { return }
            context.writeAndFlush(
                wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .text:
            var data = frame.unmaskedData
            guard let text = data.readString(length: data.readableBytes) else { return }
            received(text, context: context)
        default:
            break
        }
    }

    private func received(_ text: String, context: ChannelHandlerContext) {
        guard let message = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let type = message["type"] as? String
        else { return }
        switch type {
        case "connection_init":
            log.record { $0.initialisations += 1 }
            guard !silent else { return }
            if case .refuseInit(let code, let reason) = behaviour {
                close(code: code, reason: reason, context: context)
                return
            }
            send(#"{"type":"connection_ack"}"#, context: context)
        case "ping":
            log.record { $0.pings += 1 }
            guard !silent else { return }
            send(#"{"type":"pong"}"#, context: context)
        case "subscribe":
            guard let id = message["id"] as? String else { return }
            log.record { $0.subscriptions[self.number - 1].append(id) }
            guard !silent else { return }
            serve(id, context: context)
        default:
            break
        }
    }

    private func serve(_ id: String, context: ChannelHandlerContext) {
        switch behaviour {
        case .serve(let events):
            sendEvents(events, to: id, context: context)
        case .drop(let events):
            closing = true
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            sendEvents(events, to: id, context: context).whenComplete { _ in bound.value.close(promise: nil) }
        case .goSilent(let events):
            sendEvents(events, to: id, context: context)
            silent = true
        case .misbehave(let events, let frame):
            sendEvents(events, to: id, context: context)
            switch frame {
            case .text(let text):
                send(text, context: context)
            case .binary(let bytes):
                let buffer = context.channel.allocator.buffer(bytes: bytes)
                context.writeAndFlush(
                    wrapOutboundOut(WebSocketFrame(fin: true, opcode: .binary, data: buffer)), promise: nil)
            case .oversized(let bytes):
                let padding = String(repeating: "a", count: bytes)
                send(#"{"id":"\#(id)","type":"next","payload":{"data":{"padding":"\#(padding)"}}}"#, context: context)
            }
        case .close(let events, let code, let reason):
            sendEvents(events, to: id, context: context)
            close(code: code, reason: reason, context: context)
        case .strayMessages(let events):
            let stray = "stray-\(id)"
            send(#"{"id":"\#(stray)","type":"complete"}"#, context: context)
            send(#"{"id":"\#(stray)","type":"next","payload":{"data":{"tick":0}}}"#, context: context)
            send(#"{"id":"\#(stray)","type":"error","payload":[{"message":"not yours"}]}"#, context: context)
            sendEvents(events, to: id, context: context)
        case .refuseInit, .down:
            break
        }
    }

    /// Sends `count` events; the future completes when the last is written.
    @discardableResult
    private func sendEvents(_ count: Int, to id: String, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        var written = context.eventLoop.makeSucceededVoidFuture()
        for _ in 0..<count {
            let tick = log.nextTick()
            written = send(#"{"id":"\#(id)","type":"next","payload":{"data":{"tick":\#(tick)}}}"#, context: context)
        }
        return written
    }

    @discardableResult
    private func send(_ text: String, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        let buffer = context.channel.allocator.buffer(string: text)
        return context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)))
    }

    private func close(code: UInt16, reason: String, context: ChannelHandlerContext) {
        closing = true
        var data = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        data.writeInteger(code)
        data.writeString(reason)
        writeThenClose(WebSocketFrame(fin: true, opcode: .connectionClose, data: data), context: context)
    }

    /// Writes `frame`, then closes the connection once it is written.
    private func writeThenClose(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in bound.value.close(promise: nil) }
    }
}
