import APICoreKit

extension InMemoryTransport {
    /// Suspends until the transport has received at least `count` requests in all, then returns every request so
    /// far: the way to know that a call is in flight (for instance before cancelling it) without sleeping.
    ///
    /// When the waiting task is cancelled, it returns at once with the requests received so far.
    public func waitForRequests(count: Int = 1) async -> [HTTPRequest] {
        let id = state.withLock { state in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[HTTPRequest], Never>) in
                let resumeNow = state.withLock { state -> [HTTPRequest]? in
                    if state.requests.count >= count || Task.isCancelled { return state.requests }
                    state.waiters[id] = RequestWaiter(count: count, continuation: continuation)
                    return nil
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            let cancelled = state.withLock { state in
                state.waiters.removeValue(forKey: id).map { ($0, state.requests) }
            }
            if let (waiter, requests) = cancelled { waiter.continuation.resume(returning: requests) }
        }
    }
}

/// A task waiting in ``InMemoryTransport/waitForRequests(count:)``.
struct RequestWaiter {
    let count: Int
    let continuation: CheckedContinuation<[HTTPRequest], Never>
}

/// A waiter taken out of the state, with the requests to resume it with.
struct SatisfiedWaiter {
    let waiter: RequestWaiter
    let requests: [HTTPRequest]

    func resume() {
        waiter.continuation.resume(returning: requests)
    }
}

extension InMemoryTransport.State {
    /// Removes and returns the waiters whose count the requests have reached.
    mutating func takeSatisfiedWaiters() -> [SatisfiedWaiter] {
        let ready = waiters.filter { requests.count >= $0.value.count }
        for id in ready.keys { waiters.removeValue(forKey: id) }
        return ready.values.map { SatisfiedWaiter(waiter: $0, requests: requests) }
    }
}
