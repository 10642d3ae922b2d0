import APICoreKit
import APICoreTestSupport
import APICoreWebSocket
import Foundation
import Testing

@testable import APICoreGraphQL

/// A server killed and restarted on the same port while subscriptions are live.
@Suite("Subscriptions: reconnection")
struct ReconnectionTests {
    /// Collects one subscription's ticks and signals when they satisfy a condition.
    final class Progress: Sendable {
        typealias Tick = TicksSubscription.Data.Ticks

        let ticks = Lock<[Tick]>([])
        private let waiters = Lock<[(condition: @Sendable ([Tick]) -> Bool, signal: OpenSignalBox)]>([])

        func record(_ tick: Tick) {
            let ticks = ticks.withLock { ticks in
                ticks.append(tick)
                return ticks
            }
            let due = waiters.withLock { waiters in
                let due = waiters.filter { $0.condition(ticks) }
                waiters.removeAll { $0.condition(ticks) }
                return due
            }
            for entry in due { entry.signal.fire() }
        }

        /// Returns once the ticks received so far satisfy `condition`.
        func wait(until condition: @escaping @Sendable ([Tick]) -> Bool) async {
            let signal = OpenSignalBox()
            let already = ticks.withLock { ticks in
                if condition(ticks) { return true }
                waiters.withLock { $0.append((condition, signal)) }
                return false
            }
            if already { return }
            await signal.wait()
        }
    }

    @Test(
        "both subscriptions resume after the server restarts, without a repeated or missing event",
        arguments: [ReferenceServer.Implementation.strawberry, .ariadne])
    func resumesAfterRestart(implementation: ReferenceServer.Implementation) async throws {
        let first = try await ReferenceServer.start(implementation)
        let port = first.port
        let live = LiveSubscriptionClient(
            first,
            reconnectPolicy: GraphQLWebSocketReconnectPolicy(
                initialDelay: .milliseconds(50), maximumDelay: .milliseconds(400), maximumAttempts: nil))
        let resumption = SubscriptionResumption<TicksSubscription>(
            position: { $0.ticks.sequence },
            resumingAfter: { original, last in TicksSubscription(after: last, intervalMs: original.intervalMs) })
        let progress = [Progress(), Progress()]
        let consumers = (0..<2).map { index in
            Task {
                for try await event in live.client.subscribe(TicksSubscription(intervalMs: 20), resumption: resumption)
                {
                    progress[index].record(event.value.ticks)
                }
            }
        }
        for entry in progress { await entry.wait { $0.count >= 3 } }
        let firstServer = try #require(progress[0].ticks.withLock { $0.first?.server })
        first.stop()
        let second = try await ReferenceServer.start(implementation, port: port)
        defer { second.stop() }
        // Three ticks on each subscription from the restarted server, whose process id differs: events still queued
        // from the first server cannot stand in for them.
        for entry in progress { await entry.wait { $0.filter { $0.server != firstServer }.count >= 3 } }
        for consumer in consumers { consumer.cancel() }
        for consumer in consumers { _ = await consumer.result }

        for entry in progress {
            let ticks = entry.ticks.withLock { $0 }
            let sequences = ticks.map(\.sequence)
            #expect(sequences == Array(1...sequences.count), "every tick once, in order: \(sequences)")
            let restart = try #require(ticks.firstIndex { $0.server != firstServer })
            #expect(ticks[..<restart].allSatisfy { $0.server == firstServer })
            #expect(ticks[restart...].allSatisfy { $0.server != firstServer })
        }
        #expect(await live.transport.connectionsOpened >= 2)
    }
}

/// A one-time signal for tests.
final class OpenSignalBox: Sendable {
    private let state = Lock<(fired: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func fire() {
        let waiters = state.withLock { state in
            state.fired = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let fired = state.withLock { state in
                if state.fired { return true }
                state.waiters.append(continuation)
                return false
            }
            if fired { continuation.resume() }
        }
    }
}
