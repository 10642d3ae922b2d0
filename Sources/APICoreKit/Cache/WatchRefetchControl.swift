/// The way into a running watch for ``APIQueryWatch/refetch()``: requests go to the watch's session, which fetches
/// the query between two of the changes it handles, delivers the value as its next element and answers with that
/// element's number.
final class WatchRefetchControl: Sendable {
    private struct State {
        var nextID: UInt64 = 0
        var waiting: [UInt64: CheckedContinuation<Int?, Never>] = [:]
        var isClosed = false
    }

    /// The ids of the requests, in the order made, for the session.
    let requests: AsyncStream<UInt64>
    private let input: AsyncStream<UInt64>.Continuation
    private let state = Lock(State())

    init() {
        (requests, input) = AsyncStream.makeStream(of: UInt64.self, bufferingPolicy: .unbounded)
    }

    /// Asks for a refetch; returns the number of the element that delivered it (the watch's first element is 1), or
    /// `nil` when the watch ended first.
    func refetch() async -> Int? {
        await withCheckedContinuation { continuation in
            let id = state.withLock { state -> UInt64? in
                guard !state.isClosed else { return nil }
                state.nextID += 1
                state.waiting[state.nextID] = continuation
                return state.nextID
            }
            guard let id else { return continuation.resume(returning: nil) }
            input.yield(id)
        }
    }

    /// The session has handled the request `id`: its element got the number `sequence` (`nil`: not delivered).
    func complete(_ id: UInt64, sequence: Int?) {
        let waiter = state.withLock { $0.waiting.removeValue(forKey: id) }
        waiter?.resume(returning: sequence)
    }

    /// The watch has ended: requests still waiting, and any later one, get `nil`.
    func close() {
        let waiters = state.withLock { state in
            state.isClosed = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        input.finish()
        for waiter in waiters { waiter.resume(returning: nil) }
    }
}
