import APICoreTestSupport
import Foundation
import NIOCore
import NIOPosix

@testable import APICoreJSON

/// An HTTP server on loopback that answers each request with a scripted fault: bytes a real server, proxy or network
/// could produce, written exactly as told, down to a reset connection or a body that never ends.
///
/// It reads each request (head and `Content-Length` body) and answers it with the next ``FaultServer/Fault`` of its
/// script (the last one repeats). It counts the requests it received and notices when a client goes away, so a test
/// can tell that a call was abandoned rather than left hanging.
final class FaultServer: Sendable {
    /// One scripted answer.
    indirect enum Fault: Sendable {
        /// A complete response with a `Content-Length`.
        case response(status: Int, headers: [(String, String)] = [], body: [UInt8] = [])
        /// These bytes, exactly, then a normal close.
        case raw([UInt8])
        /// These bytes, then a reset (`RST`, not `FIN`): the connection dies in the middle.
        case rawThenReset([UInt8])
        /// A head announcing `declaredLength` bytes, `sent` bytes of body, then a reset.
        case resetMidBody(declaredLength: Int, sent: [UInt8])
        /// A head announcing `declaredLength` bytes and `sent` bytes of body, then nothing, the connection left open:
        /// a server (or a network) that stalls mid-body.
        case stalledBody(declaredLength: Int, sent: [UInt8])
        /// A chunked body that never ends: a chunk every `interval` until the client goes away.
        case endlessBody(status: Int = 200, contentType: String = "application/json", interval: Duration)
        /// A `200` whose body is `size` bytes made of `chunk` repeated, written as the client reads, without holding
        /// it in memory. With `declaresLength`, the head says `Content-Length: size`; without, the body runs until
        /// the server closes the connection, so its length is unknown until the end.
        case large(size: Int, declaresLength: Bool, contentType: String = "application/json", chunk: [UInt8])
        /// Nothing at all, after `delay`, then `then`.
        case delayed(Duration, then: Fault)
        /// No answer ever; the connection stays open until the client closes it.
        case silence

        /// A JSON response with the given status.
        static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> Fault {
            .response(
                status: status, headers: [("Content-Type", "application/graphql-response+json")] + headers,
                body: Array(text.utf8))
        }
    }

    /// The script and what happened so far, shared by every connection's handler.
    fileprivate final class Script: Sendable {
        struct State {
            var faults: [Fault]
            var requests = 0
            /// The requests received, in order.
            var received: [ReceivedRequest] = []
        }

        let state: Lock<State>
        /// The connections the client closed before the server had finished answering.
        let abandoned = CountWaiters()

        init(_ faults: [Fault]) {
            state = Lock(State(faults: faults))
        }

        /// The fault for the next request: the script's next, or its last again.
        func next(_ request: ReceivedRequest) -> Fault {
            state.withLock { state in
                let fault = state.faults[min(state.requests, state.faults.count - 1)]
                state.requests += 1
                state.received.append(request)
                return fault
            }
        }

        func noteAbandoned() {
            abandoned.increment()
        }
    }

    private let group: MultiThreadedEventLoopGroup
    private let channel: Channel
    private let script: Script
    /// The server's address, `http://127.0.0.1:PORT`.
    let baseURL: URL

    /// Starts a server that answers its requests with `script`, in order; the last fault repeats.
    init(_ script: [Fault]) async throws {
        precondition(!script.isEmpty, "a fault server needs a script")
        let shared = Script(script)
        self.script = shared
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(FaultHandler(script: shared))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        baseURL = URL(string: "http://127.0.0.1:\(channel.localAddress?.port ?? 0)")!
    }

    /// A fault server that answers every request with `fault`.
    convenience init(_ fault: Fault) async throws {
        try await self.init([fault])
    }

    /// The GraphQL endpoint: any path answers.
    var endpoint: URL { baseURL.appendingPathComponent("graphql") }

    /// How many requests arrived.
    var requestCount: Int { script.state.withLock { $0.requests } }

    /// A request as the server read it.
    struct ReceivedRequest: Sendable {
        /// How many bytes it took on the connection.
        let length: Int
        /// Its request line and header fields, lowercased.
        let head: String
        /// Its body, without chunk framing.
        let body: [UInt8]

        /// Whether its head has a field `name` (lowercase).
        func has(_ name: String) -> Bool {
            head.split(separator: "\r\n").contains { $0.hasPrefix(name + ":") }
        }
    }

    /// The requests received, in order.
    var receivedRequests: [ReceivedRequest] { script.state.withLock { $0.received } }

    /// How many connections the client closed before the server had finished answering.
    var abandonedCount: Int { script.abandoned.count }

    /// Returns once the client has closed `count` connections before the server had finished answering them.
    func waitUntilAbandoned(_ count: Int) async {
        await script.abandoned.wait(until: count)
    }

    /// Stops listening and closes every connection.
    func stop() async throws {
        try await channel.close()
        try await group.shutdownGracefully()
    }
}

/// Reads one request at a time and plays the next fault of the script.
private final class FaultHandler: ChannelInboundHandler, @unchecked Sendable {
    // Safety: every member is used on the channel's event loop only (NIO calls handlers there, and each scheduled
    // callback runs there too).
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let script: FaultServer.Script
    private var received: [UInt8] = []
    private var answering = false
    private var finished = false
    private var continued = false

    init(script: FaultServer.Script) {
        self.script = script
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        received += buffer.readBytes(length: buffer.readableBytes) ?? []
        guard !answering else { return }
        guard let request = Self.firstRequest(in: received) else {
            // libcurl waits for a `100 Continue` before sending a larger body.
            if !continued, String(decoding: received, as: UTF8.self).lowercased().contains("expect: 100-continue") {
                continued = true
                write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), context: context)
            }
            return
        }
        received.removeFirst(request.length)
        continued = false
        answering = true
        play(script.next(request), context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if answering, !finished { script.noteAbandoned() }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func play(_ fault: FaultServer.Fault, context: ChannelHandlerContext) {
        switch fault {
        case .response(let status, let headers, let body):
            let head = Self.head(status: status, headers: headers + [("Content-Length", "\(body.count)")])
            write(head + body, context: context)
            done(context: context)
        case .raw(let bytes):
            write(bytes, context: context)
            finished = true
            context.close(promise: nil)
        case .rawThenReset(let bytes):
            write(bytes, context: context)
            reset(context: context)
        case .resetMidBody(let declaredLength, let sent):
            let head = Self.head(
                status: 200,
                headers: [("Content-Type", "application/json"), ("Content-Length", "\(declaredLength)")])
            write(head + sent, context: context)
            reset(context: context)
        case .stalledBody(let declaredLength, let sent):
            let head = Self.head(
                status: 200,
                headers: [("Content-Type", "application/json"), ("Content-Length", "\(declaredLength)")])
            write(head + sent, context: context)
        case .endlessBody(let status, let contentType, let interval):
            let head = Self.head(
                status: status, headers: [("Content-Type", contentType), ("Transfer-Encoding", "chunked")])
            write(head, context: context)
            endless(context: context, interval: interval)
        case .large(let size, let declaresLength, let contentType, let chunk):
            let length = declaresLength ? ("Content-Length", "\(size)") : ("Connection", "close")
            write(Self.head(status: 200, headers: [("Content-Type", contentType), length]), context: context)
            large(remaining: size, chunk: chunk, context: context)
        case .delayed(let delay, let then):
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: .nanoseconds(Int64(delay.nanoseconds))) {
                let (handler, context) = loopBound.value
                guard context.channel.isActive else { return }
                handler.play(then, context: context)
            }
        case .silence:
            break
        }
    }

    /// Writes a chunk of the never-ending body, then schedules the next.
    private func endless(context: ChannelHandlerContext, interval: Duration) {
        guard context.channel.isActive else { return }
        write(Array("1\r\n \r\n".utf8), context: context)
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .nanoseconds(Int64(interval.nanoseconds))) {
            let (handler, context) = loopBound.value
            handler.endless(context: context, interval: interval)
        }
    }

    /// Writes the next piece of a large body once the previous one is on its way, so memory stays flat.
    private func large(remaining: Int, chunk: [UInt8], context: ChannelHandlerContext) {
        guard remaining > 0 else {
            done(context: context)
            context.close(promise: nil)
            return
        }
        guard context.channel.isActive else { return }
        let piece = Array(chunk.prefix(remaining))
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: piece))).whenComplete { result in
            guard case .success = result else { return }
            // A short pause between pieces, as a real network has: loopback alone would deliver the whole body
            // before the client could act on its first bytes.
            eventLoop.scheduleTask(in: .milliseconds(1)) {
                let (handler, context) = loopBound.value
                handler.large(remaining: remaining - piece.count, chunk: chunk, context: context)
            }
        }
    }

    private func done(context: ChannelHandlerContext) {
        finished = true
        answering = false
    }

    private func write(_ bytes: [UInt8], context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: bytes)), promise: nil)
    }

    /// Closes with `SO_LINGER` zero, which sends `RST` instead of `FIN`.
    private func reset(context: ChannelHandlerContext) {
        finished = true
        let channel = context.channel
        guard let options = channel as? any SocketOptionProvider else {
            channel.close(promise: nil)
            return
        }
        options.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    private static func head(status: Int, headers: [(String, String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status) Fault\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// The first complete request in `bytes`, if it has arrived: how many bytes it took, its head (lowercased, without
    /// the blank line) and its body, read by `Content-Length` or, when sent chunked, with the framing taken off.
    static func firstRequest(in bytes: [UInt8]) -> FaultServer.ReceivedRequest? {
        let separator = Array("\r\n\r\n".utf8)
        guard bytes.count >= separator.count,
            let end = (0...(bytes.count - separator.count)).first(where: {
                bytes[$0..<($0 + separator.count)].elementsEqual(separator)
            })
        else { return nil }
        let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
        let bodyStart = end + separator.count
        if head.contains("\r\ntransfer-encoding: chunked") {
            guard let (body, length) = dechunk(bytes[bodyStart...]) else { return nil }
            return .init(length: bodyStart + length, head: head, body: body)
        }
        let length =
            head.split(separator: "\r\n")
            .first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        guard bytes.count >= bodyStart + length else { return nil }
        return .init(length: bodyStart + length, head: head, body: Array(bytes[bodyStart..<(bodyStart + length)]))
    }

    /// The data of a chunked body and how many bytes its framing took, once its last chunk has arrived.
    private static func dechunk(_ bytes: ArraySlice<UInt8>) -> ([UInt8], Int)? {
        var body: [UInt8] = []
        var index = bytes.startIndex
        let lineEnd = Array("\r\n".utf8)
        while true {
            guard let sizeEnd = bytes[index...].firstRange(of: lineEnd)?.lowerBound,
                let size = Int(String(decoding: bytes[index..<sizeEnd], as: UTF8.self), radix: 16)
            else { return nil }
            let dataStart = sizeEnd + lineEnd.count
            guard bytes.endIndex >= dataStart + size + lineEnd.count else { return nil }
            body += bytes[dataStart..<(dataStart + size)]
            index = dataStart + size + lineEnd.count
            if size == 0 { return (body, index - bytes.startIndex) }
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
