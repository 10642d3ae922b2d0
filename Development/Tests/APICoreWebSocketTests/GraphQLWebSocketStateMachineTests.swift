import APICoreKit
import Testing

@testable import APICoreWebSocket

@Suite struct GraphQLWebSocketStateMachineTests {
    typealias Machine = GraphQLWebSocketStateMachine
    typealias Action = Machine.Action

    static func machine(
        _ wireProtocol: GraphQLWebSocketProtocol = .graphQLTransportWS,
        keepAlive: Duration? = .seconds(20),
        policy: GraphQLWebSocketReconnectPolicy = GraphQLWebSocketReconnectPolicy(
            initialDelay: .seconds(1), maximumDelay: .seconds(8), jitter: 0.5, maximumAttempts: 3)
    ) -> Machine {
        Machine(
            configuration: .init(
                wireProtocol: wireProtocol, acknowledgementTimeout: .seconds(10), keepAliveInterval: keepAlive,
                idleGracePeriod: .seconds(5), reconnectPolicy: policy),
            random: { 0 })
    }

    /// A machine with subscriptions `ids` live on an acknowledged connection.
    static func ready(
        _ ids: [String] = ["1"], _ wireProtocol: GraphQLWebSocketProtocol = .graphQLTransportWS
    )
        -> Machine
    {
        var machine = machine(wireProtocol)
        for id in ids { _ = machine.subscribe(id: id) }
        _ = machine.socketOpened()
        _ = machine.received(.connectionAck(nil))
        return machine
    }

    static func failures(_ actions: [Action]) -> [String: GraphQLWebSocketError] {
        var failures: [String: GraphQLWebSocketError] = [:]
        for case .fail(let id, let error) in actions { failures[id] = error }
        return failures
    }

    @Test func theFirstSubscriptionOpensTheSocketAndTheAckSendsItAndStartsKeepAlive() {
        var machine = Self.machine()
        #expect(machine.subscribe(id: "1") == [.openSocket(refreshingCredentials: false)])
        #expect(machine.state == .connecting)
        #expect(machine.subscribe(id: "2") == [.cancelTimer(.idleClose)])
        #expect(machine.socketOpened() == [.send(.connectionInit), .startTimer(.acknowledgement, .seconds(10))])
        #expect(machine.subscribe(id: "3") == [.cancelTimer(.idleClose)])
        #expect(
            machine.received(.connectionAck(nil)) == [
                .cancelTimer(.acknowledgement), .send(.subscribe(id: "1")), .send(.subscribe(id: "2")),
                .send(.subscribe(id: "3")), .startTimer(.keepAlive, .seconds(10)), .report(.connected(number: 1)),
            ])
        #expect(machine.state == .ready)
        #expect(machine.subscribe(id: "4") == [.cancelTimer(.idleClose), .send(.subscribe(id: "4"))])
    }

    @Test func aSocketThatCanNeverOpenFailsEverySubscriptionAtOnceWithNoReconnection() {
        var machine = Self.machine()
        _ = machine.subscribe(id: "1")
        _ = machine.subscribe(id: "2")
        let actions = machine.socketUnavailable(reason: "no client")
        let error = GraphQLWebSocketError(.connectionFailed, reason: "no client")
        #expect(Self.failures(actions) == ["1": error, "2": error])
        #expect(actions.contains(.report(.failed(error))))
        #expect(!actions.contains { if case .startTimer = $0 { true } else { false } })
        #expect(!actions.contains { if case .openSocket = $0 { true } else { false } })
        #expect(machine.state == .disconnected)
        #expect(machine.subscriptions.isEmpty)
        // A later subscription tries again: the connector may be another by then.
        #expect(machine.subscribe(id: "3") == [.openSocket(refreshingCredentials: false)])
        // Only while connecting: a connected machine ignores it.
        var ready = Self.ready()
        #expect(ready.socketUnavailable(reason: "late").isEmpty)
    }

    @Test func resultsAreDeliveredByIdAndCompleteAndErrorEndOnlyTheirSubscription() {
        var machine = Self.ready(["1", "2"])
        let body = GraphQLResponseBody(data: ["n": 1], errors: [], extensions: [:])
        #expect(machine.received(.next(id: "2", payload: body)) == [.deliver(id: "2", payload: body)])
        #expect(machine.received(.next(id: "9", payload: body)) == [], "a result for an unknown id is ignored")
        #expect(machine.received(.complete(id: "1")) == [.finish(id: "1")])
        #expect(machine.received(.next(id: "1", payload: body)) == [], "nothing after complete")
        let errors = [GraphQLError(json: ["message": "boom"])]
        let actions = machine.received(.error(id: "2", errors: errors))
        #expect(Self.failures(actions)["2"]?.kind == .graphQL)
        #expect(Self.failures(actions)["2"]?.graphQLErrors == errors)
        #expect(actions.contains(.startTimer(.idleClose, .seconds(5))), "the last one ended: the grace period starts")
        #expect(machine.subscriptions.isEmpty)
    }

    @Test func theClientCompletesASubscriptionAndTheGracePeriodClosesTheIdleSocket() {
        var machine = Self.ready(["1", "2"])
        #expect(machine.unsubscribe(id: "1") == [.send(.complete(id: "1"))])
        #expect(machine.unsubscribe(id: "1") == [], "unsubscribing twice does nothing")
        #expect(machine.unsubscribe(id: "2") == [.send(.complete(id: "2")), .startTimer(.idleClose, .seconds(5))])
        // A subscription within the grace period reuses the socket.
        #expect(machine.subscribe(id: "3") == [.cancelTimer(.idleClose), .send(.subscribe(id: "3"))])
        _ = machine.unsubscribe(id: "3")
        let actions = machine.timerFired(.idleClose)
        #expect(Array(actions.suffix(2)) == [.closeSocket(code: 1000, reason: "no subscriptions"), .report(.closed)])
        #expect(machine.state == .disconnected)
        #expect(machine.subscribe(id: "4") == [.openSocket(refreshingCredentials: false)], "lazy again")
    }

    @Test func theLegacyProtocolSaysConnectionTerminateBeforeClosingAnIdleSocket() {
        var machine = Self.ready(["1"], .graphQLWS)
        _ = machine.unsubscribe(id: "1")
        let actions = machine.timerFired(.idleClose)
        #expect(
            Array(actions.suffix(3)) == [
                .send(.connectionTerminate), .closeSocket(code: 1000, reason: "no subscriptions"), .report(.closed),
            ])
    }

    @Test func aDuplicateSubscriptionIdFailsOnlyTheNewcomer() {
        var machine = Self.ready(["1"])
        let actions = machine.subscribe(id: "1")
        #expect(Self.failures(actions)["1"]?.kind == .duplicateSubscriptionID)
        #expect(!actions.contains(.send(.subscribe(id: "1"))), "the duplicate is never sent")
        #expect(machine.subscriptions == ["1"], "the live subscription stays")
        #expect(machine.state == .ready)
    }

    @Test func pingIsAnsweredWithPongEchoingItsPayload() {
        var machine = Self.ready()
        #expect(machine.received(.ping(["t": 1])) == [.send(.pong(["t": 1]))])
        #expect(machine.received(.ping(nil)) == [.send(.pong(nil))])
    }

    /// Keep-alive ticks every half interval (20 s here): a ping per tick, and a tick that finds nothing arrived since
    /// the last one gives the connection up, so a silent server is found within one interval.
    @Test func keepAlivePingsAndAMissingPongReconnects() {
        var machine = Self.ready()
        #expect(machine.timerFired(.keepAlive) == [.send(.ping), .startTimer(.keepAlive, .seconds(10))])
        #expect(machine.received(.pong) == [])
        #expect(machine.timerFired(.keepAlive) == [.send(.ping), .startTimer(.keepAlive, .seconds(10))])
        let actions = machine.timerFired(.keepAlive)
        let lost = GraphQLWebSocketError(
            .connectionLost, closeCode: 4499, reason: "no pong within 10.0 seconds of a ping")
        #expect(actions.contains(.closeSocket(code: 4499, reason: "no pong within 10.0 seconds of a ping")))
        #expect(
            Array(actions.suffix(3)) == [
                .report(.lost(lost)), .report(.reconnecting(attempt: 1, delay: .seconds(1))),
                .startTimer(.reconnect, .seconds(1)),
            ])
        #expect(machine.state == .waitingToReconnect)
    }

    @Test func anyMessageShowsTheConnectionIsAlive() {
        var machine = Self.ready()
        let body = GraphQLResponseBody(data: ["n": 1], errors: [], extensions: [:])
        #expect(machine.timerFired(.keepAlive) == [.send(.ping), .startTimer(.keepAlive, .seconds(10))])
        _ = machine.received(.next(id: "1", payload: body))
        #expect(machine.timerFired(.keepAlive) == [.send(.ping), .startTimer(.keepAlive, .seconds(10))])
        _ = machine.received(.ping(nil))
        #expect(machine.timerFired(.keepAlive) == [.send(.ping), .startTimer(.keepAlive, .seconds(10))])
        #expect(
            machine.timerFired(.keepAlive).contains(
                .closeSocket(code: 4499, reason: "no pong within 10.0 seconds of a ping")))
    }

    @Test func legacyKeepAliveWatchesTheServersKaMessages() {
        var machine = Self.ready(["1"], .graphQLWS)
        #expect(machine.timerFired(.keepAlive) == [.startTimer(.keepAlive, .seconds(20))], "legacy clients never ping")
        #expect(machine.received(.keepAlive) == [])
        #expect(machine.timerFired(.keepAlive) == [.startTimer(.keepAlive, .seconds(20))])
        let actions = machine.timerFired(.keepAlive)
        #expect(actions.contains(.closeSocket(code: 4499, reason: "no keep-alive within 20.0 seconds")))
        #expect(machine.state == .waitingToReconnect)
    }

    @Test func noAcknowledgementInTimeClosesWith4504AndReconnects() {
        var machine = Self.machine()
        _ = machine.subscribe(id: "1")
        _ = machine.socketOpened()
        let actions = machine.timerFired(.acknowledgement)
        #expect(actions.contains(.closeSocket(code: 4504, reason: "no connection_ack within 10.0 seconds")))
        #expect(actions.last == .startTimer(.reconnect, .seconds(1)))
        #expect(machine.timerFired(.reconnect) == [.openSocket(refreshingCredentials: false)])
        #expect(machine.timerFired(.acknowledgement) == [], "a stale timer does nothing")
    }

    @Test func reconnectionBacksOffExponentiallyResubscribesEverythingAndGivesUp() {
        var machine = Self.ready(["1", "2"])
        var delays: [Duration] = []
        for _ in 0..<3 {
            let actions = machine.socketClosed(code: nil, reason: "connection lost")
            guard case .startTimer(.reconnect, let delay)? = actions.last else {
                Issue.record("expected a reconnect timer, got \(actions)")
                return
            }
            delays.append(delay)
            #expect(machine.timerFired(.reconnect) == [.openSocket(refreshingCredentials: false)])
        }
        #expect(delays == [.seconds(1), .seconds(2), .seconds(4)])
        let actions = machine.socketClosed(code: 1006, reason: "connection lost")
        #expect(Self.failures(actions).keys.sorted() == ["1", "2"])
        #expect(Self.failures(actions)["1"]?.kind == .connectionFailed)
        #expect(machine.state == .disconnected)
    }

    @Test func aReconnectionResubscribesInOrderAndResetsTheBackoffOnceTheConnectionCarriesTraffic() {
        var machine = Self.ready(["1", "2"])
        _ = machine.socketClosed(code: 1001, reason: "going away")
        _ = machine.timerFired(.reconnect)
        _ = machine.socketOpened()
        let actions = machine.received(.connectionAck(nil))
        #expect(actions.contains(.send(.subscribe(id: "1"))) && actions.contains(.send(.subscribe(id: "2"))))
        #expect(machine.failedAttempts == 1, "an acknowledgement alone does not prove the connection healthy")
        _ = machine.received(.pong)
        #expect(machine.failedAttempts == 0)
        #expect(machine.socketClosed(code: nil, reason: "").last == .startTimer(.reconnect, .seconds(1)))
    }

    @Test func aServerThatAcknowledgesThenDropsEveryConnectionIsGivenUpOn() {
        var machine = Self.ready(["1"])
        var reconnections = 0
        var actions = machine.socketClosed(code: nil, reason: "")
        while case .startTimer(.reconnect, _)? = actions.last {
            reconnections += 1
            _ = machine.timerFired(.reconnect)
            _ = machine.socketOpened()
            _ = machine.received(.connectionAck(nil))
            actions = machine.socketClosed(code: nil, reason: "")
        }
        #expect(reconnections == 3)
        #expect(Self.failures(actions)["1"]?.kind == .connectionFailed)
    }

    @Test func jitterShortensTheDelayByUpToItsFraction() {
        let policy = GraphQLWebSocketReconnectPolicy(
            initialDelay: .seconds(1), maximumDelay: .seconds(30), multiplier: 2, jitter: 0.5)
        #expect(policy.delay(beforeAttempt: 1, random: 0) == .seconds(1))
        #expect(policy.delay(beforeAttempt: 1, random: 1) == .milliseconds(500))
        #expect(policy.delay(beforeAttempt: 3, random: 0.5) == .seconds(3))
        #expect(policy.delay(beforeAttempt: 40, random: 0) == .seconds(30), "capped")
    }

    @Test func unsubscribingTheLastSubscriptionWhileWaitingStopsReconnecting() {
        var machine = Self.ready(["1"])
        _ = machine.socketClosed(code: nil, reason: "")
        #expect(machine.unsubscribe(id: "1") == [.cancelTimer(.reconnect), .report(.closed)])
        #expect(machine.state == .disconnected)
        #expect(machine.timerFired(.reconnect) == [])
    }

    // MARK: Close codes

    @Test(arguments: [UInt16(4400), 4409, 4500])
    func fatalCloseCodesFailEverySubscription(code: UInt16) {
        var machine = Self.ready(["1", "2"])
        let actions = machine.socketClosed(code: code, reason: "server says no")
        let failures = Self.failures(actions)
        #expect(failures.keys.sorted() == ["1", "2"])
        #expect(failures["1"]?.kind == .closed)
        #expect(failures["1"]?.closeCode == code)
        #expect(!actions.contains { if case .startTimer(.reconnect, _) = $0 { true } else { false } })
        #expect(machine.state == .disconnected)
    }

    @Test(arguments: [UInt16(4408), 4429, 1000, 1001, 1006, 1012])
    func transientCloseCodesReconnect(code: UInt16) {
        var machine = Self.ready(["1"])
        let actions = machine.socketClosed(code: code, reason: "")
        #expect(Self.failures(actions).isEmpty)
        #expect(actions.last == .startTimer(.reconnect, .seconds(1)))
        #expect(machine.state == .waitingToReconnect)
    }

    @Test func code4401ReconnectsOnceWithFreshCredentialsThenFailsAsUnauthorized() {
        var machine = Self.ready(["1"])
        let refreshing = machine.socketClosed(code: 4401, reason: "Unauthorized")
        #expect(
            Array(refreshing.suffix(3)) == [
                .report(.lost(GraphQLWebSocketError(.rejected, closeCode: 4401, reason: "Unauthorized"))),
                .report(.reconnecting(attempt: 1, delay: .zero)), .openSocket(refreshingCredentials: true),
            ])
        _ = machine.socketOpened()
        let actions = machine.socketClosed(code: 4401, reason: "Unauthorized")
        #expect(Self.failures(actions)["1"]?.kind == .rejected)
        #expect(Self.failures(actions)["1"]?.apiError(operationName: "Op").code == .unauthorized)
    }

    @Test func code4401AfterAConnectionThatCarriedTrafficMayRefreshAgain() {
        var machine = Self.ready(["1"])
        _ = machine.socketClosed(code: 4401, reason: "")
        _ = machine.socketOpened()
        _ = machine.received(.connectionAck(nil))
        _ = machine.received(.next(id: "1", payload: GraphQLResponseBody(data: ["n": 1], errors: [], extensions: [:])))
        #expect(machine.socketClosed(code: 4401, reason: "").last == .openSocket(refreshingCredentials: true))
    }

    @Test func aServerThatAcknowledgesThenRejectsEveryTokenIsNotReconnectedToForever() {
        var machine = Self.ready(["1"])
        #expect(machine.socketClosed(code: 4401, reason: "").last == .openSocket(refreshingCredentials: true))
        _ = machine.socketOpened()
        _ = machine.received(.connectionAck(nil))
        let actions = machine.socketClosed(code: 4401, reason: "")
        #expect(Self.failures(actions)["1"]?.kind == .rejected)
        #expect(machine.state == .disconnected)
    }

    @Test func aConnectionThatEndsWithNothingLiveReportsClosed() {
        var waiting = Self.ready(["1"])
        _ = waiting.socketClosed(code: nil, reason: "")
        #expect(waiting.unsubscribe(id: "1") == [.cancelTimer(.reconnect), .report(.closed)])
        var idle = Self.ready(["1"])
        _ = idle.unsubscribe(id: "1")
        #expect(idle.socketClosed(code: nil, reason: "").last == .report(.closed))
    }

    @Test func code4403FailsAtOnceAsUnauthorized() {
        var machine = Self.ready(["1"])
        let failure = Self.failures(machine.socketClosed(code: 4403, reason: "Forbidden"))["1"]
        #expect(failure?.kind == .rejected)
        #expect(failure?.closeCode == 4403)
    }

    @Test func otherWebSocketLevelCodesAreFatal() {
        var machine = Self.ready(["1"])
        #expect(Self.failures(machine.socketClosed(code: 1002, reason: "protocol error"))["1"]?.kind == .closed)
    }

    @Test func aCloseWithoutSubscriptionsJustDisconnects() {
        var machine = Self.ready(["1"])
        _ = machine.unsubscribe(id: "1")
        let actions = machine.socketClosed(code: 4500, reason: "")
        #expect(Self.failures(actions).isEmpty)
        #expect(machine.state == .disconnected)
    }

    @Test func anInvalidMessageClosesWith4400AndReconnectsAsAfterALostConnection() {
        var machine = Self.ready(["1", "2"])
        let error = GraphQLWebSocketError(.invalidMessage, reason: "unknown message type")
        let actions = machine.receivedInvalidMessage(error)
        #expect(actions.contains(.closeSocket(code: 4400, reason: "unknown message type")))
        #expect(Self.failures(actions).isEmpty)
        #expect(
            Array(actions.suffix(3)) == [
                .report(.lost(error)), .report(.reconnecting(attempt: 1, delay: .seconds(1))),
                .startTimer(.reconnect, .seconds(1)),
            ])
        #expect(machine.timerFired(.reconnect) == [.openSocket(refreshingCredentials: false)])
        _ = machine.socketOpened()
        let resent = machine.received(.connectionAck(nil))
        #expect(resent.contains(.send(.subscribe(id: "1"))) && resent.contains(.send(.subscribe(id: "2"))))
        #expect(resent.contains(.report(.connected(number: 2))))
    }

    @Test func invalidMessagesUntilTheAttemptsAreSpentFailEverySubscriptionAsInvalid() {
        var machine = Self.ready(["1", "2"])
        let error = GraphQLWebSocketError(.invalidMessage, reason: "unknown message type")
        var actions: [Action] = []
        for _ in 0...3 {
            actions = machine.receivedInvalidMessage(error)
            guard machine.state == .waitingToReconnect else { break }
            _ = machine.timerFired(.reconnect)
            _ = machine.socketOpened()
            _ = machine.received(.connectionAck(nil))
        }
        let failed = GraphQLWebSocketError(
            .invalidMessage, closeCode: nil, reason: "unknown message type; gave up after 3 reconnection(s)")
        #expect(Self.failures(actions) == ["1": failed, "2": failed])
        #expect(actions.contains(.report(.failed(failed))))
        #expect(Self.failures(actions)["2"]?.apiError(operationName: nil).code == .invalidResponse)
        #expect(machine.state == .disconnected)
    }

    @Test func withoutReconnectionsAnInvalidMessageFailsAtOnceWithItsReason() {
        var machine = Self.machine(policy: .never)
        _ = machine.subscribe(id: "1")
        _ = machine.socketOpened()
        _ = machine.received(.connectionAck(nil))
        let error = GraphQLWebSocketError(.invalidMessage, reason: "binary frames are not messages of the protocol")
        let actions = machine.receivedInvalidMessage(error)
        #expect(actions.contains(.closeSocket(code: 4400, reason: error.reason)))
        #expect(Self.failures(actions) == ["1": error])
    }

    @Test func legacyConnectionErrorFailsAsRejected() {
        var machine = Self.machine(.graphQLWS)
        _ = machine.subscribe(id: "1")
        _ = machine.socketOpened()
        let actions = machine.received(.connectionError)
        #expect(Self.failures(actions)["1"]?.kind == .rejected)
        #expect(machine.state == .disconnected)
    }
}
