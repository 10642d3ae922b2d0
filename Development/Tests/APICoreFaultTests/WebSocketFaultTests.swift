import APICoreKit
import APICoreNIO
import APICoreTestSupport
import APICoreWebSocket
import Foundation
import Testing

@testable import APICoreGraphQL

/// A hostile `graphql-transport-ws` server (``HostileWebSocketServer``, on loopback) against the client's transport:
/// a cut connection, a silent peer, malformed and oversized frames, a refused `connection_init`, terminal close codes,
/// messages for ids nobody used, a server that is down for a while. For each, what the subscription's consumer sees,
/// what the transport reports (``WebSocketConnectionEvent``) and that no event the server sent is lost or repeated.
@Suite("WebSocket faults", .timeLimit(.minutes(10)))
struct WebSocketFaultTests {
    /// The subscription every test runs; the hostile server answers any `subscribe` with its ticks.
    static let ticks = GraphQLSubscriptionRequest(operationName: "Ticks", document: "subscription Ticks { tick }")

    /// A transport for `server` that reconnects quickly: 10 ms, doubling to 50 ms, up to `attempts` times in a row.
    static func transport(
        _ server: HostileWebSocketServer,
        keepAlive: Duration? = .seconds(20),
        attempts: Int? = 5,
        maximumMessageSize: Int = 16 << 20,
        idleGracePeriod: Duration = .seconds(5)
    ) -> WebSocketSubscriptionTransport {
        WebSocketSubscriptionTransport(
            configuration: WebSocketTransportConfiguration(
                url: server.url, acknowledgementTimeout: .seconds(60), keepAliveInterval: keepAlive,
                idleGracePeriod: idleGracePeriod,
                reconnectPolicy: GraphQLWebSocketReconnectPolicy(
                    initialDelay: .milliseconds(10), maximumDelay: .milliseconds(50), maximumAttempts: attempts),
                connector: NIOWebSocketConnector(maximumMessageSize: maximumMessageSize)))
    }

    /// What a run of ``ticks`` came to: the ticks received, how the stream ended, and the transport's events.
    struct Run: Sendable {
        var ticks: [Int64] = []
        /// The error the stream threw; `nil` when it delivered `count` ticks (or finished).
        var failure: APIError?
        var events: [WebSocketConnectionEvent] = []

        var losses: [GraphQLWebSocketError] {
            events.compactMap { if case .lost(let error) = $0 { error } else { nil } }
        }
        var reconnectionAttempts: [Int] {
            events.compactMap { if case .reconnecting(let attempt, _) = $0 { attempt } else { nil } }
        }
        var connections: [Int] {
            events.compactMap { if case .connected(let number) = $0 { number } else { nil } }
        }
    }

    /// Subscribes through `transport` until `count` ticks arrived or the stream ended, and records the transport's
    /// events up to the first that `isLast` picks; each wait is bounded by two minutes (a bound that only turns a hang
    /// into a failure).
    static func run(
        _ transport: WebSocketSubscriptionTransport, until count: Int,
        eventsUntil isLast: @escaping @Sendable (WebSocketConnectionEvent) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Run {
        let events = transport.connectionEvents()
        let recorder = Task {
            var recorded: [WebSocketConnectionEvent] = []
            for await event in events {
                recorded.append(event)
                if isLast(event) { break }
            }
            return recorded
        }
        let result = await outcome(within: .seconds(120)) { () async -> Run in
            var run = Run()
            do {
                for try await event in transport.subscribe(Self.ticks) {
                    guard let tick = event.data?["tick"]?.intValue else {
                        Issue.record("an event without a tick: \(event)", sourceLocation: sourceLocation)
                        continue
                    }
                    run.ticks.append(tick)
                    if run.ticks.count == count { break }
                }
            } catch {
                run.failure = APIError(wrapping: error, operationName: "Ticks")
            }
            return run
        }
        var run = try #require(
            result, "the subscription neither delivered \(count) ticks nor ended", sourceLocation: sourceLocation)
        let recorded = await outcome(within: .seconds(120)) { await recorder.value }
        recorder.cancel()
        run.events = try #require(
            recorded, "the transport did not report the last event", sourceLocation: sourceLocation)
        return run
    }

    /// Picks ``WebSocketConnectionEvent/connected(number:)`` of connection `number`.
    static func connected(_ number: Int) -> @Sendable (WebSocketConnectionEvent) -> Bool {
        { $0 == .connected(number: number) }
    }

    /// Picks ``WebSocketConnectionEvent/failed(_:)``.
    static let failed: @Sendable (WebSocketConnectionEvent) -> Bool = {
        if case .failed = $0 { true } else { false }
    }

    @Test("a connection cut mid-stream is reopened and the subscription sent again; no event is lost or repeated")
    func cutConnection() async throws {
        try await withStopping(try await HostileWebSocketServer([.drop(afterEvents: 3), .serve(events: 3)])) { server in
            let run = try await Self.run(Self.transport(server), until: 6, eventsUntil: Self.connected(2))
            #expect(run.failure == nil)
            #expect(run.ticks == [1, 2, 3, 4, 5, 6])
            #expect(server.sentTicks.map(Int64.init) == run.ticks)
            #expect(server.subscriptions.map(\.count) == [1, 1], "each connection received the subscription once")
            let loss = try #require(run.losses.first)
            #expect(loss.kind == .connectionLost)
            // No close frame: the client says so with no code, or with 1006, which means the same.
            #expect(loss.closeCode == nil || loss.closeCode == 1006, "the connection ended without a close frame")
            #expect(run.reconnectionAttempts == [1])
            #expect(run.connections == [1, 2])
        }
    }

    @Test("a server that goes silent is found by the client's pings within the keep-alive interval, and left")
    func silentPeer() async throws {
        let behaviours: [HostileWebSocketServer.Behaviour] = [.goSilent(afterEvents: 2), .serve(events: 2)]
        try await withStopping(try await HostileWebSocketServer(behaviours)) { server in
            let run = try await Self.run(
                Self.transport(server, keepAlive: .seconds(2)), until: 4, eventsUntil: Self.connected(2))
            #expect(run.failure == nil)
            #expect(run.ticks == [1, 2, 3, 4])
            #expect(server.sentTicks.map(Int64.init) == run.ticks)
            let loss = try #require(run.losses.first)
            #expect(loss.kind == .connectionLost)
            #expect(loss.closeCode == GraphQLWebSocketCloseCode.terminated)
            #expect(loss.reason == "no pong within 1.0 seconds of a ping")
            #expect(server.pingCount >= 1, "the client pinged the silent server")
            #expect(server.closeCodesReceived.contains(GraphQLWebSocketCloseCode.terminated))
            #expect(run.connections.prefix(2) == [1, 2])
        }
    }

    @Test(
        "a frame that is no message of the protocol is reported, closed with 4400, and the subscription resumes",
        arguments: [
            HostileWebSocketServer.Frame.text(#"{"id":"1","type":"next","payload":{"data":{"tick":1"#),
            .text(#"{"id":"1","type":"hello"}"#),
            .text(#"{"type":"next","payload":{"data":{"tick":99}}}"#),
            .text("[]"),
            .binary([0, 1, 2, 3]),
        ])
    func malformedFrame(frame: HostileWebSocketServer.Frame) async throws {
        let behaviours: [HostileWebSocketServer.Behaviour] = [.misbehave(afterEvents: 2, frame), .serve(events: 2)]
        try await withStopping(try await HostileWebSocketServer(behaviours)) { server in
            let run = try await Self.run(Self.transport(server), until: 4, eventsUntil: Self.connected(2))
            #expect(run.failure == nil)
            #expect(run.ticks == [1, 2, 3, 4])
            #expect(server.sentTicks.map(Int64.init) == run.ticks)
            #expect(run.losses.first?.kind == .invalidMessage)
            #expect(server.closeCodesReceived.first == GraphQLWebSocketCloseCode.badRequest)
            #expect(run.connections == [1, 2])
        }
    }

    @Test("a message over the size limit ends the connection; the subscription resumes on the next one")
    func oversizedMessageOnce() async throws {
        let behaviours: [HostileWebSocketServer.Behaviour] = [
            .misbehave(afterEvents: 1, .oversized(bytes: 128 << 10)), .serve(events: 2),
        ]
        try await withStopping(try await HostileWebSocketServer(behaviours)) { server in
            let run = try await Self.run(
                Self.transport(server, maximumMessageSize: 64 << 10), until: 3, eventsUntil: Self.connected(2))
            #expect(run.failure == nil)
            #expect(run.ticks == [1, 2, 3])
            #expect(run.losses.count == 1)
            #expect(run.connections == [1, 2])
        }
    }

    @Test("a message over the size limit every time: reconnecting stops after the policy's attempts")
    func oversizedMessage() async throws {
        let behaviours: [HostileWebSocketServer.Behaviour] = [.misbehave(afterEvents: 0, .oversized(bytes: 256 << 10))]
        try await withStopping(try await HostileWebSocketServer(behaviours)) { server in
            let run = try await Self.run(
                Self.transport(server, attempts: 2, maximumMessageSize: 64 << 10), until: 1, eventsUntil: Self.failed)
            #expect(run.ticks.isEmpty)
            let failure = try #require(run.failure?.underlying as? GraphQLWebSocketError)
            #expect(failure.kind == .connectionFailed)
            #expect(run.failure?.code == .network)
            // The first connection and two reconnections, each ended by the oversized message.
            #expect(server.connectionCount == 3)
            #expect(run.reconnectionAttempts == [1, 2])
            #expect(run.events.last == .failed(failure))
        }
    }

    @Test("a refused connection_init (4403 Forbidden) fails the subscription at once, with no retry")
    func refusedInitialisation() async throws {
        let behaviours: [HostileWebSocketServer.Behaviour] = [.refuseInit(code: 4403, reason: "Forbidden")]
        try await withStopping(try await HostileWebSocketServer(behaviours)) { server in
            let run = try await Self.run(Self.transport(server), until: 1, eventsUntil: Self.failed)
            #expect(run.ticks.isEmpty)
            #expect(run.failure?.code == .unauthorized)
            let failure = try #require(run.failure?.underlying as? GraphQLWebSocketError)
            #expect(failure.kind == .rejected)
            #expect(failure.closeCode == 4403)
            #expect(server.connectionCount == 1)
            #expect(run.events == [.failed(failure)])
        }
    }

    @Test("a 4400 close from the server ends the subscription at once, after the events that came before it")
    func terminalClose() async throws {
        let behaviours: [HostileWebSocketServer.Behaviour] = [
            .close(afterEvents: 2, code: 4400, reason: "Bad request"), .serve(events: 5),
        ]
        try await withStopping(try await HostileWebSocketServer(behaviours)) { server in
            let run = try await Self.run(Self.transport(server), until: 5, eventsUntil: Self.failed)
            #expect(run.ticks == [1, 2])
            #expect(run.failure?.code == .webSocketClosed)
            let failure = try #require(run.failure?.underlying as? GraphQLWebSocketError)
            #expect(failure.kind == .closed)
            #expect(failure.closeCode == 4400)
            #expect(server.connectionCount == 1, "no reconnection")
            #expect(run.reconnectionAttempts.isEmpty)
        }
    }

    @Test("complete, next and error for an id the client never used change nothing")
    func strayMessages() async throws {
        try await withStopping(try await HostileWebSocketServer([.strayMessages(thenEvents: 3)])) { server in
            // The events up to the idle close that follows the end of the subscription: whatever the stray messages
            // caused is among them.
            let run = try await Self.run(
                Self.transport(server, idleGracePeriod: .milliseconds(50)), until: 3, eventsUntil: { $0 == .closed })
            #expect(run.failure == nil)
            #expect(run.ticks == [1, 2, 3])
            #expect(run.events == [.connected(number: 1), .closed])
            #expect(server.connectionCount == 1)
            #expect(!server.closeCodesReceived.contains(GraphQLWebSocketCloseCode.badRequest))
        }
    }

    @Test("a server that is down comes back: the client retries with backoff and subscribes once it answers")
    func serverComesBack() async throws {
        try await withStopping(try await HostileWebSocketServer([.down, .down, .down, .serve(events: 2)])) { server in
            let run = try await Self.run(
                Self.transport(server, attempts: 5), until: 2, eventsUntil: Self.connected(1))
            #expect(run.failure == nil)
            #expect(run.ticks == [1, 2])
            #expect(server.connectionCount == 4)
            #expect(run.reconnectionAttempts == [1, 2, 3])
            #expect(run.losses.count == 3)
            #expect(run.losses.allSatisfy { $0.kind == .connectionLost })
            #expect(run.connections == [1])
            #expect(server.subscriptions.last == ["1"])
        }
    }

    @Test("a server down for longer than the policy allows fails the subscription as a network failure")
    func serverStaysDown() async throws {
        try await withStopping(try await HostileWebSocketServer([.down])) { server in
            let run = try await Self.run(
                Self.transport(server, attempts: 2), until: 1, eventsUntil: Self.failed)
            #expect(run.failure?.code == .network)
            let failure = try #require(run.failure?.underlying as? GraphQLWebSocketError)
            #expect(failure.kind == .connectionFailed)
            #expect(failure.reason.hasSuffix("gave up after 2 reconnection(s)"))
            #expect(server.connectionCount == 3)
            #expect(run.reconnectionAttempts == [1, 2])
        }
    }

    @Test("the default limits are 16 MiB per message, 10 reconnection attempts and a 20 s keep-alive")
    func defaults() {
        #expect(NIOWebSocketConnector().maximumMessageSize == 16 << 20)
        #expect(GraphQLWebSocketReconnectPolicy().maximumAttempts == 10)
        let configuration = WebSocketTransportConfiguration(url: URL(string: "ws://127.0.0.1:1/graphql")!)
        #expect(configuration.keepAliveInterval == .seconds(20))
    }
}
