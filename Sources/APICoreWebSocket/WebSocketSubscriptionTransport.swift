import APICoreGraphQL
import APICoreJSON
import APICoreKit
import Foundation

/// Subscriptions over one multiplexed WebSocket, in `graphql-transport-ws` or the legacy `graphql-ws`.
///
/// The connection is lazy: it opens with the first subscription and closes a grace period after the last one ended.
/// Every subscription shares it. A lost connection is reopened with exponential backoff and jitter, and every live
/// subscription is sent again (with its resumption's variables, so nothing is repeated or lost). The protocol logic
/// is `GraphQLWebSocketStateMachine`'s; this actor performs its actions: the socket, the timers, the streams.
///
/// ``connectionEvents()`` says what happens to the connection (lost, reconnecting, connected again, failed), for a
/// status line or a log; the subscriptions themselves carry on through a reconnection.
///
/// Use it as an `APIClientConfiguration/subscriptionTransport`:
/// ```swift
/// let webSocket = WebSocketSubscriptionTransport(
///     configuration: WebSocketTransportConfiguration(
///         url: URL(string: "wss://api.example.com/graphql")!,
///         connectionPayload: WebSocketTransportConfiguration.bearerToken(tokenProvider)))
/// let client = APIClient(configuration: APIClientConfiguration(
///     graphQLEndpoint: URL(string: "https://api.example.com/graphql")!, subscriptionTransport: webSocket))
/// ```
public actor WebSocketSubscriptionTransport: GraphQLSubscriptionTransport {
    private struct Subscriber {
        let request: GraphQLSubscriptionRequest
        var variables: JSONObject
        let continuation: AsyncThrowingStream<GraphQLResponseBody, any Error>.Continuation
    }

    private enum Outgoing: Sendable {
        case text(String)
        case close(code: UInt16, reason: String)
    }

    /// What callers ask for, in the order they asked: a cancellation is handled before a later subscription.
    private enum Command: Sendable {
        case start(String, GraphQLSubscriptionRequest, AsyncThrowingStream<GraphQLResponseBody, any Error>.Continuation)
        case cancel(String)
        case observe(Int, AsyncStream<WebSocketConnectionEvent>.Continuation)
        case stopObserving(Int)
    }

    /// The configuration.
    public nonisolated let configuration: WebSocketTransportConfiguration
    private nonisolated let commands: AsyncStream<Command>.Continuation

    private var machine: GraphQLWebSocketStateMachine
    private var subscribers: [String: Subscriber] = [:]
    private nonisolated let nextID = Lock(0)
    private var observers: [Int: AsyncStream<WebSocketConnectionEvent>.Continuation] = [:]
    private nonisolated let nextObserver = Lock(0)

    /// Identifies the current socket; events of older ones are ignored.
    private var generation = 0
    private var connecting: Task<Void, Never>?
    private var outbox: AsyncStream<Outgoing>.Continuation?
    private var connectionPayload: JSONObject?
    private var timers: [GraphQLWebSocketStateMachine.Timer: (token: Int, task: Task<Void, Never>)] = [:]
    private var timerTokens = 0

    /// How many sockets this transport has opened (and initialised) so far.
    public private(set) var connectionsOpened = 0

    /// A transport with the given configuration.
    public init(configuration: WebSocketTransportConfiguration) {
        self.configuration = configuration
        machine = GraphQLWebSocketStateMachine(
            configuration: .init(
                wireProtocol: configuration.wireProtocol,
                acknowledgementTimeout: configuration.acknowledgementTimeout,
                keepAliveInterval: configuration.keepAliveInterval,
                idleGracePeriod: configuration.idleGracePeriod,
                reconnectPolicy: configuration.reconnectPolicy),
            random: configuration.random)
        let (stream, commands) = AsyncStream.makeStream(of: Command.self)
        self.commands = commands
        Task { [weak self] in
            for await command in stream {
                guard let self else { return }
                await self.handle(command)
            }
        }
    }

    deinit {
        commands.finish()
        for observer in observers.values { observer.finish() }
    }

    /// A transport for the endpoint at `url` with default settings, opening its sockets with `connector` (on Linux
    /// and Android, `.nio` from the `APICoreNIO` package).
    public init(
        url: URL, wireProtocol: GraphQLWebSocketProtocol = .graphQLTransportWS,
        connector: any GraphQLWebSocketConnector = .platform
    ) {
        self.init(
            configuration: WebSocketTransportConfiguration(url: url, wireProtocol: wireProtocol, connector: connector))
    }

    /// Starts a subscription on the shared socket, opening it first if none is open. The stream yields each result,
    /// finishes when the server completes the subscription and throws an `APIError` when it fails; cancelling the
    /// consuming task ends the subscription on the server.
    public nonisolated func subscribe(
        _ request: GraphQLSubscriptionRequest
    ) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
        let id = String(nextID.increment())
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: GraphQLResponseBody.self)
        let commands = commands
        continuation.onTermination = { termination in
            if case .cancelled = termination { commands.yield(.cancel(id)) }
        }
        commands.yield(.start(id, request, continuation))
        return stream
    }

    /// What happens to the connection from now on, as it happens, until the transport goes away or the stream's
    /// consumer stops. Each call returns a stream of its own; events are kept until read.
    ///
    /// ```swift
    /// for await event in transport.connectionEvents() {
    ///     if case .reconnecting(let attempt, _) = event { status = "Reconnecting (\(attempt))…" }
    ///     if case .connected = event { status = nil }
    /// }
    /// ```
    ///
    /// Ask for it before the subscriptions whose connection it should follow: the stream sees what happens after the
    /// call.
    public nonisolated func connectionEvents() -> AsyncStream<WebSocketConnectionEvent> {
        let id = nextObserver.increment()
        let (stream, continuation) = AsyncStream.makeStream(
            of: WebSocketConnectionEvent.self, bufferingPolicy: .unbounded)
        let commands = commands
        continuation.onTermination = { _ in commands.yield(.stopObserving(id)) }
        commands.yield(.observe(id, continuation))
        return stream
    }

    /// Whether a socket is open or being opened.
    public var isConnected: Bool { outbox != nil || connecting != nil }

    // MARK: Subscriptions

    private func handle(_ command: Command) {
        switch command {
        case .start(let id, let request, let continuation):
            subscribers[id] = Subscriber(request: request, variables: request.variables, continuation: continuation)
            perform(machine.subscribe(id: id))
        case .cancel(let id):
            guard subscribers.removeValue(forKey: id) != nil else { return }
            perform(machine.unsubscribe(id: id))
        case .observe(let id, let continuation):
            observers[id] = continuation
        case .stopObserving(let id):
            observers.removeValue(forKey: id)
        }
    }

    // MARK: Socket

    private func openSocket(refreshingCredentials: Bool) {
        generation += 1
        let current = generation
        let configuration = configuration
        connecting = Task {
            do {
                let payload = try await configuration.connectionPayload?(refreshingCredentials)
                let connection = try await configuration.connector.connect(
                    to: configuration.url, subprotocol: configuration.wireProtocol.subprotocol,
                    headers: configuration.headers)
                self.opened(connection, payload: payload, generation: current)
            } catch let error as GraphQLWebSocketUnavailableError {
                self.unavailable(reason: error.reason, generation: current)
            } catch {
                self.closed(code: nil, reason: "could not connect: \(error)", generation: current)
            }
        }
    }

    private func opened(_ connection: any GraphQLWebSocketConnection, payload: JSONObject?, generation current: Int) {
        guard current == generation else {
            Task { await connection.close(code: GraphQLWebSocketCloseCode.normalClosure, reason: "not needed") }
            return
        }
        connecting = nil
        connectionPayload = payload
        connectionsOpened += 1
        let (outgoing, outbox) = AsyncStream.makeStream(of: Outgoing.self)
        self.outbox = outbox
        Task {
            for await message in outgoing {
                switch message {
                case .text(let text):
                    try? await connection.send(text)
                case .close(let code, let reason):
                    await connection.close(code: code, reason: reason)
                    return
                }
            }
        }
        Task {
            for await event in connection.events {
                self.received(event, generation: current)
            }
        }
        perform(machine.socketOpened())
    }

    private func received(_ event: GraphQLWebSocketEvent, generation current: Int) {
        guard current == generation else { return }
        switch event {
        case .text(let text):
            do throws(GraphQLWebSocketError) {
                let message = try GraphQLWebSocketServerMessage.parse(text, protocol: configuration.wireProtocol)
                perform(machine.received(message))
            } catch {
                perform(machine.receivedInvalidMessage(error))
            }
        case .binary:
            perform(
                machine.receivedInvalidMessage(
                    GraphQLWebSocketError(.invalidMessage, reason: "binary frames are not messages of the protocol")))
        case .closed(let code, let reason):
            closed(code: code, reason: reason, generation: current)
        }
    }

    private func closed(code: UInt16?, reason: String, generation current: Int) {
        guard current == generation else { return }
        generation += 1
        connecting = nil
        outbox?.finish()
        outbox = nil
        perform(machine.socketClosed(code: code, reason: reason))
    }

    /// The connector can never open a socket: the machine fails every subscription instead of reconnecting.
    private func unavailable(reason: String, generation current: Int) {
        guard current == generation else { return }
        generation += 1
        connecting = nil
        perform(machine.socketUnavailable(reason: reason))
    }

    private func closeSocket(code: UInt16, reason: String) {
        generation += 1
        connecting?.cancel()
        connecting = nil
        outbox?.yield(.close(code: code, reason: reason))
        outbox?.finish()
        outbox = nil
    }

    // MARK: Actions

    private func perform(_ actions: [GraphQLWebSocketStateMachine.Action]) {
        for action in actions {
            switch action {
            case .openSocket(let refreshing):
                openSocket(refreshingCredentials: refreshing)
            case .send(let message):
                send(message)
            case .closeSocket(let code, let reason):
                closeSocket(code: code, reason: reason)
            case .startTimer(let timer, let delay):
                startTimer(timer, after: delay)
            case .cancelTimer(let timer):
                timers.removeValue(forKey: timer)?.task.cancel()
            case .deliver(let id, let payload):
                deliver(payload, to: id)
            case .finish(let id):
                subscribers.removeValue(forKey: id)?.continuation.finish()
            case .fail(let id, let error):
                guard let subscriber = subscribers.removeValue(forKey: id) else { continue }
                subscriber.continuation.finish(
                    throwing: error.apiError(operationName: subscriber.request.operationName))
            case .report(let event):
                for observer in observers.values { observer.yield(event) }
            }
        }
    }

    private func send(_ message: GraphQLWebSocketStateMachine.OutgoingMessage) {
        let wire: GraphQLWebSocketClientMessage
        switch message {
        case .connectionInit: wire = .connectionInit(connectionPayload)
        case .subscribe(let id):
            guard let subscriber = subscribers[id] else { return }
            wire = .subscribe(id: id, payload: subscriber.request.payload(variables: subscriber.variables))
        case .complete(let id): wire = .complete(id: id)
        case .ping: wire = .ping
        case .pong(let payload): wire = .pong(payload)
        case .connectionTerminate: wire = .connectionTerminate
        }
        outbox?.yield(.text(wire.encoded(for: configuration.wireProtocol)))
    }

    private func deliver(_ payload: GraphQLResponseBody, to id: String) {
        guard var subscriber = subscribers[id] else { return }
        if let resumption = subscriber.request.resumption {
            let point = resumption(payload)
            if point.isDuplicate { return }
            if let variables = point.variables {
                subscriber.variables = variables
                subscribers[id] = subscriber
            }
        }
        subscriber.continuation.yield(payload)
    }

    private func startTimer(_ timer: GraphQLWebSocketStateMachine.Timer, after delay: Duration) {
        timers[timer]?.task.cancel()
        timerTokens += 1
        let token = timerTokens
        let clock = configuration.clock
        let task = Task {
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
            self.fire(timer, token: token)
        }
        timers[timer] = (token, task)
    }

    private func fire(_ timer: GraphQLWebSocketStateMachine.Timer, token: Int) {
        guard timers[timer]?.token == token else { return }
        timers[timer] = nil
        perform(machine.timerFired(timer))
    }
}
