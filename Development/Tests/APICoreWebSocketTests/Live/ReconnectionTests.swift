import APICoreKit
import APICoreTestSupport
import APICoreWebSocket
import Foundation
import Testing

@testable import APICoreJSON

/// A server killed and restarted on the same port while subscriptions are live.
@Suite("Subscriptions: reconnection", .timeLimit(.minutes(10)))
struct ReconnectionTests {
    /// How long a wait for ticks, or for a cancelled consumer to end, may take before it fails the test instead of
    /// hanging it: far beyond any correct run, even under a sanitizer on a busy machine. A bound, never a measure.
    static let bound: Duration = .seconds(120)

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

        /// Returns whether the ticks satisfied `condition` within `limit`: a subscription that stops delivering, or
        /// never reconnects, fails the test instead of hanging it.
        func wait(within limit: Duration, until condition: @escaping @Sendable ([Tick]) -> Bool) async -> Bool {
            let signal = OpenSignalBox()
            let already = ticks.withLock { ticks in
                if condition(ticks) { return true }
                waiters.withLock { $0.append((condition, signal)) }
                return false
            }
            if already { return true }
            return await completes(within: limit) { await signal.wait() }
        }
    }

    @Test(
        "both subscriptions resume after the server restarts, without a repeated or missing event",
        arguments: [ReferenceServer.Implementation.strawberry, .ariadne])
    func resumesAfterRestart(implementation: ReferenceServer.Implementation) async throws {
        let first = try await ReferenceServer.start(implementation)
        // Stopped below once three ticks came from it; this only covers a test that fails before then.
        defer { first.stop() }
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
        defer { for consumer in consumers { consumer.cancel() } }
        for entry in progress {
            let ticked = await entry.wait(within: Self.bound) { $0.count >= 3 }
            try #require(ticked, "three ticks from the first server")
        }
        let firstServer = try #require(progress[0].ticks.withLock { $0.first?.server })
        first.stop()
        let second = try await ReferenceServer.start(implementation, port: port)
        defer { second.stop() }
        // Three ticks on each subscription from the restarted server, whose process id differs: events still queued
        // from the first server cannot stand in for them.
        for entry in progress {
            let resumed = await entry.wait(within: Self.bound) { $0.filter { $0.server != firstServer }.count >= 3 }
            try #require(resumed, "three ticks from the restarted server")
        }
        for consumer in consumers { consumer.cancel() }
        for consumer in consumers {
            let ended = await completes(within: Self.bound) { _ = await consumer.result }
            try #require(ended, "a cancelled subscription's loop never ended")
        }

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
    private let fired = CountWaiters()

    /// Fires the signal; firing again changes nothing.
    func fire() {
        fired.increment()
    }

    /// Returns once the signal has fired, or once the waiting task is cancelled (as a bound or a test's time limit
    /// does), so that a signal that never fires cannot hang the test.
    func wait() async {
        await fired.wait(until: 1)
    }
}
