import APICoreGraphQL
import APICoreJSON

/// Turns the bytes an upload's body readers hand over into ``UploadProgress`` events that only rise: a retried
/// attempt starts again from 0 and reports nothing until it passes the furthest point an earlier attempt reached.
final class UploadProgressReporter: Sendable {
    private struct State {
        var highest = -1
        var totalBytes: Int?
    }

    private let continuation: AsyncStream<UploadProgress>.Continuation
    private let state = Lock(State())

    /// A reporter yielding to `continuation`; it reports once ``start(totalBytes:)`` gives it the total.
    init(_ continuation: AsyncStream<UploadProgress>.Continuation) {
        self.continuation = continuation
    }

    /// Sets the files' total size (when the body is built) and reports that nothing has been sent yet.
    func start(totalBytes: Int) {
        state.withLock { $0.totalBytes = $0.totalBytes ?? totalBytes }
        report(0)
    }

    /// Reports that an attempt has handed over `bytesSent` of the files' bytes.
    func report(_ bytesSent: Int) {
        // Yielding under the lock keeps the events in order when attempts overlap.
        state.withLock { state in
            guard bytesSent > state.highest, let totalBytes = state.totalBytes else { return }
            state.highest = bytesSent
            continuation.yield(UploadProgress(bytesSent: bytesSent, totalBytes: totalBytes))
        }
    }

    /// Ends the progress sequence.
    func finish() {
        continuation.finish()
    }
}
