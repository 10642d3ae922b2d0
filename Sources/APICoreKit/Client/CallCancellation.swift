import APICoreGraphQL
import APICoreJSON

/// The cancellation of one call, which can be asked for before the call's task exists.
///
/// A call is registered for cancellation by name before its task is created: the task may start running on another
/// thread at once and reach the network (and an interceptor that reports it) before the line after its creation runs.
/// A cancellation asked for in between is kept and carried out as soon as the task is attached.
final class CallCancellation: Sendable {
    private struct State {
        var cancelTask: (@Sendable () -> Void)?
        var isRequested = false
    }

    private let state = Lock(State())

    /// Attaches the call's task; cancels it at once if a cancellation was asked for already.
    func attach(_ task: Task<some Sendable, any Error>) {
        let requested = state.withLock { state in
            state.cancelTask = { task.cancel() }
            return state.isRequested
        }
        if requested { task.cancel() }
    }

    /// Cancels the call's task, now or when it is attached.
    func cancel() {
        let cancelTask = state.withLock { state in
            state.isRequested = true
            return state.cancelTask
        }
        cancelTask?()
    }
}
