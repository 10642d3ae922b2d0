import APICoreGraphQL
import APICoreJSON

/// Wakes the queue's one worker: a ring while it waits ends the wait; a ring while it works is remembered, so the
/// next wait ends at once. Rings do not add up: one wake-up serves any number of them.
final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Lock(State())

    /// Ends the current or the next wait.
    func ring() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.rung = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns after a ring, after `limit` when there is one, or when the task is cancelled, whichever comes first.
    /// Only one task waits at a time.
    func wait(atMost limit: Duration?) async {
        guard let limit else { return await waitForRing() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: limit) }
            group.addTask { await self.waitForRing() }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitForRing() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    // A cancellation that came before the continuation was stored found no waiter to resume; the
                    // flag it set is seen here, under the same lock.
                    if state.rung || Task.isCancelled {
                        state.rung = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
