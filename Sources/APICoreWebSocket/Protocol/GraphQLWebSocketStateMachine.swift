import APICoreKit

/// The connection logic of both GraphQL WebSocket protocols as a pure state machine: it is told what happened
/// (a subscription started or ended, the socket opened or closed, a message arrived, a timer fired) and answers with
/// the actions to take. It does no I/O and reads no clock, so every path is tested without sockets.
///
/// The life of a connection:
/// 1. Disconnected until the first subscription: then ``Action/openSocket(refreshingCredentials:)``.
/// 2. Once open, `connection_init` goes out and the acknowledgement timer starts; no `connection_ack` in time closes
///    the socket with 4504 and reconnects.
/// 3. On `connection_ack` every live subscription is (re)sent, and keep-alive starts. In graphql-transport-ws the
///    client sends a `ping` every half interval, and a tick that finds nothing arrived since the last one (no `pong`,
///    no other message) closes with 4499 and reconnects, so a silent peer is found within one interval. In the
///    legacy protocol the server sends `ka`: a whole interval with nothing from it closes the same way.
/// 4. Results are delivered per subscription id; `error` and `complete` end a subscription.
/// 5. When the last subscription ends, a grace period starts; a new subscription within it reuses the socket,
///    otherwise the socket closes.
/// 6. A lost connection with live subscriptions reconnects with backoff (see ``GraphQLWebSocketCloseCode`` for
///    which close codes are fatal instead) and resubscribes them all on the next acknowledgement. An invalid message
///    from the server closes the socket with 4400, as the protocol says, and counts as a lost connection.
/// 7. A connector that can never open a socket (no WebSocket client on the platform) fails every subscription at
///    once.
/// 8. Each of these is reported (``Action/report(_:)``) as a ``WebSocketConnectionEvent``.
struct GraphQLWebSocketStateMachine {
    struct Configuration: Sendable {
        var wireProtocol: GraphQLWebSocketProtocol
        var acknowledgementTimeout: Duration
        var keepAliveInterval: Duration?
        var idleGracePeriod: Duration
        var reconnectPolicy: GraphQLWebSocketReconnectPolicy
    }

    enum ConnectionState: Equatable {
        case disconnected
        case connecting
        case initializing
        case ready
        case waitingToReconnect
    }

    enum Timer: Hashable, Sendable {
        case acknowledgement
        case keepAlive
        case idleClose
        case reconnect
    }

    enum Action: Equatable, Sendable {
        /// Open a new socket; fetch a fresh connection payload first when asked.
        case openSocket(refreshingCredentials: Bool)
        /// Send a message on the open socket. A `subscribe` carries only the id: the driver adds the payload.
        case send(OutgoingMessage)
        /// Close the current socket and ignore anything more from it.
        case closeSocket(code: UInt16, reason: String)
        case startTimer(Timer, Duration)
        case cancelTimer(Timer)
        /// A result for subscription `id`.
        case deliver(id: String, payload: GraphQLResponseBody)
        /// The server ended subscription `id`.
        case finish(id: String)
        /// Subscription `id` failed and is over.
        case fail(id: String, GraphQLWebSocketError)
        /// Tell the transport's observers what happened to the connection.
        case report(WebSocketConnectionEvent)
    }

    enum OutgoingMessage: Equatable, Sendable {
        case connectionInit
        case subscribe(id: String)
        case complete(id: String)
        case ping
        case pong(JSONObject?)
        case connectionTerminate
    }

    let configuration: Configuration
    /// A number in `0..<1` for the jitter of each reconnection delay.
    let random: @Sendable () -> Double

    private(set) var state: ConnectionState = .disconnected
    /// Live subscriptions, in the order they started (they are resubscribed in that order).
    private(set) var subscriptions: [String] = []
    /// Failed connection attempts since the last acknowledgement.
    private(set) var failedAttempts = 0
    /// Connections the server acknowledged so far.
    private(set) var acknowledgedConnections = 0
    /// Whether nothing arrived from the server since the last keep-alive tick.
    private var awaitingKeepAlive = false
    private var hasRetriedCredentials = false

    init(configuration: Configuration, random: @escaping @Sendable () -> Double) {
        self.configuration = configuration
        self.random = random
    }

    // MARK: Subscriptions

    /// A subscription starts.
    mutating func subscribe(id: String) -> [Action] {
        guard !subscriptions.contains(id) else {
            return [
                .fail(
                    id: id,
                    GraphQLWebSocketError(.duplicateSubscriptionID, reason: "subscription id \(id) is already live"))
            ]
        }
        subscriptions.append(id)
        switch state {
        case .disconnected:
            state = .connecting
            return [.openSocket(refreshingCredentials: false)]
        case .ready:
            return [.cancelTimer(.idleClose), .send(.subscribe(id: id))]
        case .connecting, .initializing:
            return [.cancelTimer(.idleClose)]
        case .waitingToReconnect:
            return []
        }
    }

    /// The client ends a subscription (its consumer stopped listening).
    mutating func unsubscribe(id: String) -> [Action] {
        guard let index = subscriptions.firstIndex(of: id) else { return [] }
        subscriptions.remove(at: index)
        if state == .waitingToReconnect, subscriptions.isEmpty {
            state = .disconnected
            failedAttempts = 0
            hasRetriedCredentials = false
            return [.cancelTimer(.reconnect), .report(.closed)]
        }
        var actions: [Action] = []
        if state == .ready { actions.append(.send(.complete(id: id))) }
        return actions + idleActions()
    }

    // MARK: Socket events

    /// The socket is open: initialise the connection.
    mutating func socketOpened() -> [Action] {
        guard state == .connecting else { return [] }
        state = .initializing
        return [.send(.connectionInit), .startTimer(.acknowledgement, configuration.acknowledgementTimeout)]
    }

    /// The socket closed (`code` is `nil` without a close frame, or when it never opened).
    mutating func socketClosed(code: UInt16?, reason: String) -> [Action] {
        guard state != .disconnected, state != .waitingToReconnect else { return [] }
        var actions = stopTimers()
        guard !subscriptions.isEmpty else {
            state = .disconnected
            return actions + [.report(.closed)]
        }
        switch GraphQLWebSocketCloseCode.disposition(of: code, hasRetriedCredentials: hasRetriedCredentials) {
        case .reconnectWithFreshCredentials:
            // Once until the connection carries traffic: a server that acknowledges and then rejects every token is
            // not reconnected to forever.
            hasRetriedCredentials = true
            failedAttempts += 1
            state = .connecting
            actions.append(.report(.lost(GraphQLWebSocketError(.rejected, closeCode: code, reason: reason))))
            actions.append(.report(.reconnecting(attempt: failedAttempts, delay: .zero)))
            actions.append(.openSocket(refreshingCredentials: true))
        case .reconnect:
            let detail =
                if !reason.isEmpty { reason } else if code == nil {
                    "the connection ended without a close frame"
                } else { "the server closed the connection" }
            actions += reconnect(after: GraphQLWebSocketError(.connectionLost, closeCode: code, reason: detail))
        case .fail(let kind):
            let description = reason.isEmpty ? "the server closed the connection" : reason
            actions += failAll(GraphQLWebSocketError(kind, closeCode: code, reason: description))
        }
        return actions
    }

    /// No socket can be opened, whatever the attempt (``GraphQLWebSocketUnavailableError``): every subscription fails
    /// at once, with no reconnection.
    mutating func socketUnavailable(reason: String) -> [Action] {
        guard state == .connecting else { return [] }
        let actions = stopTimers()
        guard !subscriptions.isEmpty else {
            state = .disconnected
            return actions + [.report(.closed)]
        }
        return actions + failAll(GraphQLWebSocketError(.connectionFailed, reason: reason))
    }

    /// A text frame that is not a valid message (or a binary frame): close with 4400, as the protocol says, and
    /// reconnect as after any lost connection. The attempts are counted: a server that sends nothing else fails every
    /// subscription with this error once the policy's attempts are spent.
    mutating func receivedInvalidMessage(_ error: GraphQLWebSocketError) -> [Action] {
        guard state != .disconnected, state != .waitingToReconnect else { return [] }
        var actions = stopTimers()
        actions.append(.closeSocket(code: GraphQLWebSocketCloseCode.badRequest, reason: error.reason))
        guard !subscriptions.isEmpty else {
            state = .disconnected
            return actions + [.report(.closed)]
        }
        return actions + reconnect(after: error)
    }

    /// A message from the server.
    mutating func received(_ message: GraphQLWebSocketServerMessage) -> [Action] {
        guard state == .initializing || state == .ready else { return [] }
        // Any message shows the connection is alive.
        awaitingKeepAlive = false
        switch message {
        case .connectionAck:
            guard state == .initializing else { return [] }
            state = .ready
            // The attempts (and the credential retry) are not reset yet: a server that acknowledges and then drops the
            // connection at once (one whose every answer is over the message limit, say) must not be reconnected to
            // forever.
            acknowledgedConnections += 1
            var actions: [Action] = [.cancelTimer(.acknowledgement)]
            actions += subscriptions.map { .send(.subscribe(id: $0)) }
            if let tick = keepAliveTick { actions.append(.startTimer(.keepAlive, tick)) }
            actions.append(.report(.connected(number: acknowledgedConnections)))
            return actions + idleActions()
        case .connectionError:
            var actions = stopTimers()
            actions.append(.closeSocket(code: GraphQLWebSocketCloseCode.normalClosure, reason: "connection_error"))
            guard !subscriptions.isEmpty else {
                state = .disconnected
                return actions + [.report(.closed)]
            }
            return actions + failAll(GraphQLWebSocketError(.rejected, reason: "the server refused the connection"))
        case .ping(let payload):
            carriedTraffic()
            return [.send(.pong(payload))]
        case .pong, .keepAlive:
            carriedTraffic()
            return []
        case .next(let id, let payload):
            carriedTraffic()
            return subscriptions.contains(id) ? [.deliver(id: id, payload: payload)] : []
        case .error(let id, let errors):
            carriedTraffic()
            guard let index = subscriptions.firstIndex(of: id) else { return [] }
            subscriptions.remove(at: index)
            let error = GraphQLWebSocketError(
                .graphQL, reason: "the server answered with \(errors.count) GraphQL error(s)", graphQLErrors: errors)
            return [.fail(id: id, error)] + idleActions()
        case .complete(let id):
            carriedTraffic()
            guard let index = subscriptions.firstIndex(of: id) else { return [] }
            subscriptions.remove(at: index)
            return [.finish(id: id)] + idleActions()
        }
    }

    // MARK: Timers

    mutating func timerFired(_ timer: Timer) -> [Action] {
        switch (timer, state) {
        case (.acknowledgement, .initializing):
            var actions = stopTimers()
            let reason = "no connection_ack within \(configuration.acknowledgementTimeout)"
            actions.append(
                .closeSocket(code: GraphQLWebSocketCloseCode.connectionAcknowledgementTimeout, reason: reason))
            actions += afterClientClose(
                code: GraphQLWebSocketCloseCode.connectionAcknowledgementTimeout, reason: reason)
            return actions
        case (.keepAlive, .ready):
            guard let tick = keepAliveTick else { return [] }
            if awaitingKeepAlive {
                let reason =
                    configuration.wireProtocol == .graphQLTransportWS
                    ? "no pong within \(tick) of a ping" : "no keep-alive within \(tick)"
                var actions = stopTimers()
                actions.append(.closeSocket(code: GraphQLWebSocketCloseCode.terminated, reason: reason))
                actions += afterClientClose(code: GraphQLWebSocketCloseCode.terminated, reason: reason)
                return actions
            }
            awaitingKeepAlive = true
            if configuration.wireProtocol == .graphQLTransportWS {
                return [.send(.ping), .startTimer(.keepAlive, tick)]
            }
            return [.startTimer(.keepAlive, tick)]
        case (.idleClose, .ready), (.idleClose, .initializing):
            guard subscriptions.isEmpty else { return [] }
            var actions = stopTimers()
            if state == .ready, configuration.wireProtocol == .graphQLWS { actions.append(.send(.connectionTerminate)) }
            actions.append(.closeSocket(code: GraphQLWebSocketCloseCode.normalClosure, reason: "no subscriptions"))
            actions.append(.report(.closed))
            state = .disconnected
            return actions
        case (.reconnect, .waitingToReconnect):
            state = .connecting
            return [.openSocket(refreshingCredentials: false)]
        default:
            return []
        }
    }

    // MARK: Helpers

    /// The connection carried traffic after its acknowledgement: it worked, so the attempts start over.
    private mutating func carriedTraffic() {
        failedAttempts = 0
        hasRetriedCredentials = false
    }

    /// How often keep-alive ticks: every half interval in graphql-transport-ws, whose client pings, so a silent
    /// connection is given up within one interval; every interval in the legacy protocol, whose server sends `ka` at
    /// an interval of its own (which the setting must exceed).
    private var keepAliveTick: Duration? {
        guard let interval = configuration.keepAliveInterval else { return nil }
        return configuration.wireProtocol == .graphQLTransportWS ? interval / 2 : interval
    }

    /// After the client closed the socket itself for a reason worth retrying.
    private mutating func afterClientClose(code: UInt16, reason: String) -> [Action] {
        guard !subscriptions.isEmpty else {
            state = .disconnected
            return [.report(.closed)]
        }
        return reconnect(after: GraphQLWebSocketError(.connectionLost, closeCode: code, reason: reason))
    }

    /// Reports `loss`, then waits to reconnect, or fails every subscription once the policy's attempts are spent:
    /// with the loss's kind when the server sent an invalid message, as ``GraphQLWebSocketError/Kind/connectionFailed``
    /// otherwise.
    private mutating func reconnect(after loss: GraphQLWebSocketError) -> [Action] {
        failedAttempts += 1
        let policy = configuration.reconnectPolicy
        if let limit = policy.maximumAttempts, failedAttempts > limit {
            let reason = limit == 0 ? loss.reason : "\(loss.reason); gave up after \(limit) reconnection(s)"
            let kind: GraphQLWebSocketError.Kind = loss.kind == .invalidMessage ? .invalidMessage : .connectionFailed
            return [.report(.lost(loss))]
                + failAll(GraphQLWebSocketError(kind, closeCode: loss.closeCode, reason: reason))
        }
        state = .waitingToReconnect
        let delay = policy.delay(beforeAttempt: failedAttempts, random: random())
        return [
            .report(.lost(loss)), .report(.reconnecting(attempt: failedAttempts, delay: delay)),
            .startTimer(.reconnect, delay),
        ]
    }

    /// Fails every live subscription with `error`, which is reported first.
    private mutating func failAll(_ error: GraphQLWebSocketError) -> [Action] {
        let failed = subscriptions
        subscriptions = []
        state = .disconnected
        failedAttempts = 0
        hasRetriedCredentials = false
        return [.report(.failed(error))] + failed.map { .fail(id: $0, error) }
    }

    /// The grace period once no subscription is left on a live connection.
    private func idleActions() -> [Action] {
        guard subscriptions.isEmpty else { return [] }
        switch state {
        case .ready, .initializing, .connecting:
            return [.startTimer(.idleClose, configuration.idleGracePeriod)]
        case .disconnected, .waitingToReconnect:
            return []
        }
    }

    private mutating func stopTimers() -> [Action] {
        awaitingKeepAlive = false
        return [
            .cancelTimer(.acknowledgement), .cancelTimer(.keepAlive), .cancelTimer(.idleClose),
            .cancelTimer(.reconnect),
        ]
    }
}
