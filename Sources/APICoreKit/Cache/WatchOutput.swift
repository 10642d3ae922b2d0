/// Where a watch's elements go: its stream, until the consumer stops iterating.
///
/// A consumer that stops (its task cancelled, or the loop left) ends the stream, and the stream's termination
/// handler cancels the watch's task; an element yielded between those two steps would still reach the consumer. The
/// one such element is the failure the cancellation itself causes (the request cut short), which the consumer never
/// asked for: once the consumer has gone, nothing more is delivered.
final class WatchOutput<Element: Sendable>: Sendable {
    private let continuation: AsyncStream<Element>.Continuation
    /// Whether the consumer has gone; yields check it under the same lock, so none slips in after.
    private let ended = Lock(false)

    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    /// Delivers `element`, unless the consumer has gone.
    func yield(_ element: Element) {
        ended.withLock { ended in
            guard !ended else { return }
            continuation.yield(element)
        }
    }

    /// Marks the consumer as gone: the stream's termination handler calls it before cancelling the watch's task.
    func consumerEnded() {
        ended.withLock { $0 = true }
    }

    /// Ends the stream, after the watch's last element.
    func finish() {
        continuation.finish()
    }
}
