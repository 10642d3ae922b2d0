import APICoreGraphQL
import APICoreJSON
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Hands a data task to a cancellation handler that may run before, during or after the task starts.
final class DataTaskState: Sendable {
    private enum State {
        case idle
        case running(URLSessionDataTask)
        case cancelled
    }

    // Safety: URLSessionDataTask is thread-safe for `cancel()`; the mutex orders start against cancel.
    private let state = Lock<State>(.idle)

    /// Records the task; returns `false` (and cancels it) when cancellation came first.
    func start(_ task: URLSessionDataTask) -> Bool {
        let alreadyCancelled = state.withLock { state -> Bool in
            if case .cancelled = state { return true }
            state = .running(task)
            return false
        }
        if alreadyCancelled {
            task.cancel()
            task.resume()
            return false
        }
        return true
    }

    /// Cancels the task if it started; otherwise makes `start` cancel it.
    func cancel() {
        let task = state.withLock { state -> URLSessionDataTask? in
            defer { state = .cancelled }
            if case .running(let task) = state { return task }
            return nil
        }
        task?.cancel()
    }
}
