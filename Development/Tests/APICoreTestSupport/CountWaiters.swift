@testable import APICoreJSON

/// A count tasks wait on: each waits until the count reaches its number, or until it is cancelled (as a test's time
/// limit cancels it), so that a count never reached fails the test instead of hanging the run.
public final class CountWaiters: Sendable {
    private struct Waiter {
        let id: Int
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private let state = Lock<(count: Int, nextID: Int, waiters: [Waiter])>((0, 0, []))

    public init() {}

    /// The count so far.
    public var count: Int { state.withLock { $0.count } }

    /// Adds one to the count and resumes the tasks waiting for it.
    public func increment() {
        let reached = state.withLock { state in
            state.count += 1
            let count = state.count
            defer { state.waiters.removeAll { $0.count <= count } }
            return state.waiters.filter { $0.count <= count }
        }
        for waiter in reached { waiter.continuation.resume() }
    }

    /// Returns once the count has reached `count` (at once if it has), or once the waiting task is cancelled.
    public func wait(until count: Int) async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    // Cancelled before it was held: the handler below found nothing to resume.
                    if state.count >= count || Task.isCancelled { return true }
                    state.waiters.append(Waiter(id: id, count: count, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiters.removeAll { $0.id == id } }
                return state.waiters.first { $0.id == id }
            }
            waiter?.continuation.resume()
        }
    }
}
