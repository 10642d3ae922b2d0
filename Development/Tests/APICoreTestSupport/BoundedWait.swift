@testable import APICoreJSON

/// The value `operation` returns, or `nil` when `limit` passes first or the waiting task is cancelled (as a test's
/// time limit does).
///
/// For a wait that hangs when the code under test regresses: a continuation it may never resume, a stream that may
/// never yield or never end, a request the server may never see. The operation runs in a task of its own, so even one
/// that ignores cancellation cannot hold the test: when the bound wins, that task is cancelled and left behind. Make
/// the bound generous (a minute or two): it only turns a hang into a failure, and is never what a test measures.
public func outcome<Value: Sendable>(
    within limit: Duration, of operation: @escaping @Sendable () async -> Value
) async -> Value? {
    let race = BoundedRace<Value>()
    let work = Task {
        let value = await operation()
        race.settle(value)
    }
    let bound = Task {
        // Cancelled once the race is settled; settling again then changes nothing.
        try? await Task.sleep(for: limit)
        race.settle(nil)
    }
    defer {
        work.cancel()
        bound.cancel()
    }
    return await withTaskCancellationHandler {
        await race.wait()
    } onCancel: {
        race.settle(nil)
    }
}

/// Whether `operation` ended within `limit`, before the waiting task was cancelled; see ``outcome(within:of:)``.
public func completes(within limit: Duration, _ operation: @escaping @Sendable () async -> Void) async -> Bool {
    await outcome(within: limit, of: operation) != nil
}

/// An operation's race against its bound: the first outcome, for the one task that waits for it.
private final class BoundedRace<Value: Sendable>: Sendable {
    private enum State {
        case open
        case awaited(CheckedContinuation<Value?, Never>)
        case settled(Value?)
    }

    private let state = Lock(State.open)

    /// Settles the race with `outcome` (`nil` for the bound) unless it is settled already: the first call wins.
    func settle(_ outcome: Value?) {
        let waiter = state.withLock { state -> CheckedContinuation<Value?, Never>? in
            switch state {
            case .open:
                state = .settled(outcome)
                return nil
            case .awaited(let continuation):
                state = .settled(outcome)
                return continuation
            case .settled:
                return nil
            }
        }
        waiter?.resume(returning: outcome)
    }

    /// The outcome the race was settled with, once it is.
    func wait() async -> Value? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let settled = state.withLock { state -> Value?? in
                guard case .settled(let outcome) = state else {
                    state = .awaited(continuation)
                    return nil
                }
                return .some(outcome)
            }
            if let settled { continuation.resume(returning: settled) }
        }
    }
}
