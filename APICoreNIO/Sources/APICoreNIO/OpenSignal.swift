import NIOConcurrencyHelpers

/// A value that arrives once (or fails once), awaited by one caller: the end of a WebSocket handshake.
final class OpenSignal<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value, any Error>?)
        case done(Result<Value, any Error>)
    }

    private let state = NIOLockedValueBox<State>(.waiting(nil))

    /// Resolves the signal; later calls do nothing.
    func resolve(_ result: Result<Value, any Error>) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Value, any Error>? in
            guard case .waiting(let waiter) = state else { return nil }
            state = .done(result)
            return waiter
        }
        waiter?.resume(with: result)
    }

    /// Waits for the value.
    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let result = state.withLockedValue { state -> Result<Value, any Error>? in
                switch state {
                case .waiting:
                    state = .waiting(continuation)
                    return nil
                case .done(let result):
                    return result
                }
            }
            if let result { continuation.resume(with: result) }
        }
    }
}
