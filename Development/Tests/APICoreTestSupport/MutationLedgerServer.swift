import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

@testable import APICoreGraphQL
@testable import APICoreJSON

/// A GraphQL server on loopback that applies `UpdateProduct` mutations idempotently and keeps a ledger of every
/// request, for the offline mutation queue's tests.
///
/// Each request's `Idempotency-Key` and body are recorded. The first request with a key is applied: its title (with
/// ` [server]` appended) is the product's new title and the key joins ``appliedKeys``. A later request with the same key
/// gets the first answer again without being applied, as an idempotent server answers a replay. A title of `reject`
/// is answered with a GraphQL error and no data; ``answerUnavailable(next:)`` makes it answer `503` for a while. The
/// server can be stopped and started again on the same port, so a client sees the network go away and come back.
public final class MutationLedgerServer: Sendable {
    /// One request as the server received it.
    public struct Entry: Sendable, Hashable {
        public var idempotencyKey: String?
        public var body: String
        public var variables: JSONObject
    }

    private let ledger: Ledger
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    /// The port, fixed at the first start so that a restart listens where the client already sends.
    public let port: Int

    /// Starts the server on a free port of 127.0.0.1 that it picks below the system's ephemeral range. Each answer is
    /// written `answerDelay` after its request was recorded (and applied), so a client killed in that window has had
    /// its mutation applied without knowing it.
    public init(answerDelay: Duration = .zero) async throws {
        ledger = Ledger(answerDelay: answerDelay)
        let channel = try await Self.bindQuietPort(ledger: ledger, group: group)
        port = channel.localAddress?.port ?? 0
        ledger.state.withLock { $0.channel = channel }
    }

    /// The GraphQL endpoint.
    public var endpoint: URL { URL(string: "http://127.0.0.1:\(port)/graphql")! }

    /// Every request received so far, in order of arrival.
    public var entries: [Entry] { ledger.state.withLock { $0.entries } }

    /// The idempotency keys of the applied mutations, in the order they were applied.
    public var appliedKeys: [String] { ledger.state.withLock { $0.applied.compactMap(\.idempotencyKey) } }

    /// The variables of the applied mutations, in the order they were applied.
    public var appliedVariables: [JSONObject] { ledger.state.withLock { $0.applied.map(\.variables) } }

    /// Returns once `count` mutations have been applied (at once if they have).
    public func waitUntilApplied(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached = ledger.state.withLock { state in
                if state.applied.count >= count { return true }
                state.appliedWaiters.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }

    /// Applies the first request whose `title` variable is `title`, then never answers it, as when an answer is lost on
    /// its way: the client waits for it until its connection ends, and the mutation stays in its queue although the
    /// server applied it. A later request with the same key is answered as usual.
    public func holdAnswer(toTitle title: String) {
        ledger.state.withLock { $0.heldTitle = title }
    }

    /// Returns once the request chosen with ``holdAnswer(toTitle:)`` has been applied, its answer held.
    public func waitUntilHeld() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let held = ledger.state.withLock { state in
                if state.heldTitle == nil { return true }
                state.heldWaiters.append(continuation)
                return false
            }
            if held { continuation.resume() }
        }
    }

    /// Answers the next `count` requests with `503 Service Unavailable`, applying nothing.
    public func answerUnavailable(next count: Int) {
        ledger.state.withLock { $0.unavailableAnswers = count }
    }

    /// Stops listening; connections refuse until ``start()``. The port stays held (``RefusingPort/init(holding:)``),
    /// so that no connection of another test is given it as its own port in the meantime, which would keep the
    /// server from listening there again.
    public func stop() async throws {
        let channel = ledger.state.withLock { state -> (any Channel)? in
            defer { state.channel = nil }
            return state.channel
        }
        guard let channel else { return }
        try await channel.close()
        let holder = try RefusingPort(holding: port)
        ledger.state.withLock { $0.holder = holder }
    }

    /// Listens again on the same port, beside the socket that held it, which then lets it go.
    public func start() async throws {
        let channel = try await Self.bind(port: port, sharing: true, ledger: ledger, group: group)
        ledger.state.withLock {
            $0.channel = channel
            $0.holder = nil
        }
    }

    /// Stops listening, lets the port go and ends the server's thread.
    public func shutdown() async throws {
        try await stop()
        ledger.state.withLock { $0.holder = nil }
        _ = Self.claimedPorts.withLock { $0.remove(port) }
        try await group.shutdownGracefully()
    }

    /// The ports servers of this process listen on or hold.
    private static let claimedPorts = Lock(Set<Int>())

    /// Ports below the system's ephemeral range (32768-60999 on Linux, 49152-65535 on Darwin by default). A server
    /// stopped and started again has a moment between closing its socket and holding the port (``stop()``): a port of
    /// the ephemeral range could then be given to any connection of the test run as its own, and the port could not be
    /// held or listened on again (`EADDRINUSE`). The system gives no connection, and no bind to port 0, a port below
    /// that range, and no other server of this process picks one another holds.
    private static var quietPorts: Range<Int> {
        var ephemeralStart = 32_768
        if let range = try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8),
            let first = range.split(whereSeparator: \.isWhitespace).first.flatMap({ Int($0) })
        {
            ephemeralStart = min(ephemeralStart, first)
        }
        return 20_000..<max(ephemeralStart, 20_001)
    }

    /// A listening channel on a quiet port no other server of this process has claimed; a port that something else on
    /// the machine listens on is passed over.
    private static func bindQuietPort(ledger: Ledger, group: MultiThreadedEventLoopGroup) async throws -> any Channel {
        let ports = quietPorts
        var lastError: (any Error)?
        for _ in 0..<100 {
            let port = Int.random(in: ports)
            guard claimedPorts.withLock({ $0.insert(port).inserted }) else { continue }
            do {
                return try await bind(port: port, ledger: ledger, group: group)
            } catch {
                _ = claimedPorts.withLock { $0.remove(port) }
                guard (error as? IOError)?.errnoCode == EADDRINUSE else { throw error }
                lastError = error
            }
        }
        throw lastError ?? IOError(errnoCode: EADDRINUSE, reason: "no free port below the ephemeral range")
    }

    /// A listening channel; `sharing` the port with the socket that holds it while the server is stopped (the first
    /// bind shares nothing, so that it fails on a port another socket has).
    private static func bind(
        port: Int, sharing: Bool = false, ledger: Ledger, group: MultiThreadedEventLoopGroup
    ) async throws -> any Channel {
        try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(
                ChannelOptions.socketOption(NIOBSDSocket.Option(rawValue: SO_REUSEPORT)), value: sharing ? 1 : 0
            )
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(LedgerHandler(ledger: ledger))
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
    }
}

/// What the server received and answered, shared by every connection's handler.
private final class Ledger: Sendable {
    struct State {
        var entries: [MutationLedgerServer.Entry] = []
        /// The requests that applied a mutation: the first with each key that was not answered `503`.
        var applied: [MutationLedgerServer.Entry] = []
        var unavailableAnswers = 0
        /// Holds the port while the server is stopped.
        var holder: RefusingPort?
        /// Tasks waiting in ``MutationLedgerServer/waitUntilApplied(_:)``.
        var appliedWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        /// The title of the request to apply without answering, until it comes.
        var heldTitle: String?
        /// Tasks waiting in ``MutationLedgerServer/waitUntilHeld()``.
        var heldWaiters: [CheckedContinuation<Void, Never>] = []
        var answers: [String: [UInt8]] = [:]
        var channel: (any Channel)?
    }

    let state = Lock(State())
    let answerDelay: TimeAmount

    init(answerDelay: Duration) {
        let (seconds, attoseconds) = answerDelay.components
        self.answerDelay = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// An answer: `200` with a GraphQL response, or `503` with a line of text; a held one is never written.
    struct Answer: Sendable {
        var body: [UInt8]
        var unavailable = false
        var held = false
    }

    /// Records a request and returns its answer.
    func answer(to body: [UInt8], key: String?) -> Answer {
        let request = (try? JSONReader().read(body))?.objectValue ?? JSONObject()
        let variables = request["variables"]?.objectValue ?? JSONObject()
        let entry = MutationLedgerServer.Entry(
            idempotencyKey: key, body: String(decoding: body, as: UTF8.self), variables: variables)
        return state.withLock { state in
            state.entries.append(entry)
            if state.unavailableAnswers > 0 {
                state.unavailableAnswers -= 1
                return Answer(body: Array("busy".utf8), unavailable: true)
            }
            if let key, let answer = state.answers[key] { return Answer(body: answer) }
            let answer = Array(JSONWriter().string(response(to: variables)).utf8)
            if let key {
                state.answers[key] = answer
                state.applied.append(entry)
                let applied = state.applied.count
                for waiter in state.appliedWaiters where waiter.count <= applied { waiter.continuation.resume() }
                state.appliedWaiters.removeAll { $0.count <= applied }
                if let held = state.heldTitle, variables["title"]?.stringValue == held {
                    state.heldTitle = nil
                    for waiter in state.heldWaiters { waiter.resume() }
                    state.heldWaiters = []
                    return Answer(body: answer, held: true)
                }
            }
            return Answer(body: answer)
        }
    }

    private func response(to variables: JSONObject) -> JSONValue {
        let title = variables["title"]?.stringValue
        if title == "reject" {
            return .object(["data": .null, "errors": .array([.object(["message": .string("rejected")])])])
        }
        let product: JSONObject = [
            "__typename": .string("Product"), "id": variables["id"] ?? .null,
            "title": .string("\(title ?? "untitled") [server]"),
            "priceCents": variables["priceCents"] ?? .int(0),
        ]
        return .object(["data": .object(["updateProduct": .object(product)])])
    }
}

/// Collects each request's body and answers it from the ledger.
private final class LedgerHandler: ChannelInboundHandler, @unchecked Sendable {
    // Safety: used on its channel's event loop only, as NIO calls handlers.
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let ledger: Ledger
    private var key: String?
    private var body: [UInt8] = []

    init(ledger: Ledger) {
        self.ledger = ledger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            key = head.headers.first(name: "Idempotency-Key")
            body = []
        case .body(var buffer):
            body += buffer.readBytes(length: buffer.readableBytes) ?? []
        case .end:
            let answer = ledger.answer(to: body, key: key)
            if answer.held { return }
            guard ledger.answerDelay > .zero else { return write(answer, context: context) }
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: ledger.answerDelay) {
                let (handler, context) = bound.value
                guard context.channel.isActive else { return }
                handler.write(answer, context: context)
            }
        }
    }

    private func write(_ answer: Ledger.Answer, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(
            name: "Content-Type", value: answer.unavailable ? "text/plain" : "application/graphql-response+json")
        headers.add(name: "Content-Length", value: "\(answer.body.count)")
        let head = HTTPResponseHead(
            version: .http1_1, status: answer.unavailable ? .serviceUnavailable : .ok, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: answer.body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
