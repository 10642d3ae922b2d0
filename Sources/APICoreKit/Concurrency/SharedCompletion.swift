import APICoreGraphQL
import APICoreJSON

/// A result that any number of tasks can await, each able to stop waiting when it is cancelled.
///
/// Awaiting a `Task`'s value ignores the waiter's own cancellation; this does not: a cancelled waiter is resumed at
/// once with `CancellationError`, whatever the producer is doing. The first completion wins; later ones are ignored.
final class SharedCompletion<Value: Sendable>: Sendable {
    private enum State {
        case pending([UInt64: CheckedContinuation<Value, any Error>])
        case done(Result<Value, any Error>)
    }

    private let state = Lock<State>(.pending([:]))
    private let nextWaiter = Lock<UInt64>(0)

    /// Completes with `result` and resumes every waiter; does nothing when already completed.
    func complete(_ result: Result<Value, any Error>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
            guard case .pending(let waiters) = state else { return [] }
            state = .done(result)
            return Array(waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    /// The result, once it is in; throws `CancellationError` as soon as the waiting task is cancelled.
    func value() async throws -> Value {
        let id = nextWaiter.increment()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let immediate = state.withLock { state -> Result<Value, any Error>? in
                    switch state {
                    case .done(let result):
                        return result
                    case .pending(var waiters):
                        if Task.isCancelled { return .failure(CancellationError()) }
                        waiters[id] = continuation
                        state = .pending(waiters)
                        return nil
                    }
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Value, any Error>? in
                guard case .pending(var waiters) = state, let waiter = waiters.removeValue(forKey: id) else {
                    return nil
                }
                state = .pending(waiters)
                return waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
