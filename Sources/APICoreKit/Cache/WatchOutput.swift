/// Where a watch's elements go: its stream, until the consumer stops iterating.
///
/// A consumer that stops (its task cancelled, or the loop left) ends the stream, and the stream's termination
/// handler cancels the watch's task; an element yielded between those two steps would still reach the consumer. The
/// one such element is the failure the cancellation itself causes (the request cut short), which the consumer never
/// asked for: once the consumer has gone, nothing more is delivered.
final class WatchOutput<Element: Sendable>: Sendable {
    private let continuation: AsyncStream<Element>.Continuation
    /// Whether the consumer has gone (yields check it under the same lock, so none slips in after), and how many
    /// elements were delivered.
    private let state = Lock<(ended: Bool, delivered: Int)>((false, 0))

    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    /// Delivers `element`, unless the consumer has gone; returns its number (the first element is 1), or `nil`.
    @discardableResult
    func yield(_ element: Element) -> Int? {
        state.withLock { state in
            guard !state.ended else { return nil }
            continuation.yield(element)
            state.delivered += 1
            return state.delivered
        }
    }

    /// Marks the consumer as gone: the stream's termination handler calls it before cancelling the watch's task.
    func consumerEnded() {
        state.withLock { $0.ended = true }
    }

    /// Ends the stream, after the watch's last element.
    func finish() {
        continuation.finish()
    }
}
