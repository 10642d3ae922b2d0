import APICoreKit
import APICoreTestSupport
import APICoreWebSocket
import Foundation
import Synchronization
import Testing

/// A server killed and restarted on the same port while subscriptions are live.
@Suite("Subscriptions: reconnection")
struct ReconnectionTests {
    /// Collects one subscription's sequence numbers and signals when it has seen enough.
    final class Progress: Sendable {
        let sequences = Mutex<[Int]>([])
        private let thresholds = Mutex<[(count: Int, signal: OpenSignalBox)]>([])

        func record(_ sequence: Int) {
            let reached = sequences.withLock { sequences in
                sequences.append(sequence)
                return sequences.count
            }
            let due = thresholds.withLock { thresholds in
                let due = thresholds.filter { $0.count <= reached }
                thresholds.removeAll { $0.count <= reached }
                return due
            }
            for entry in due { entry.signal.fire() }
        }

        /// Returns once at least `count` sequence numbers arrived.
        func wait(forCount count: Int) async {
            let signal = OpenSignalBox()
            let already = sequences.withLock { sequences in
                if sequences.count >= count { return true }
                thresholds.withLock { $0.append((count, signal)) }
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
                    progress[index].record(event.value.ticks.sequence)
                    if progress[index].sequences.withLock({ $0.count }) >= 200 { return }
                }
            }
        }
        for entry in progress { await entry.wait(forCount: 3) }
        first.stop()
        let beforeRestart = progress.map { $0.sequences.withLock { $0.count } }
        let second = try await ReferenceServer.start(implementation, port: port)
        defer { second.stop() }
        for (entry, count) in zip(progress, beforeRestart) { await entry.wait(forCount: count + 5) }
        for consumer in consumers { consumer.cancel() }
        for consumer in consumers { _ = await consumer.result }

        for entry in progress {
            let sequences = entry.sequences.withLock { $0 }
            #expect(sequences == Array(1...sequences.count), "every tick once, in order: \(sequences)")
        }
        #expect(await live.transport.connectionsOpened >= 2)
    }
}

/// A one-time signal for tests.
final class OpenSignalBox: Sendable {
    private let state = Mutex<(fired: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

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
