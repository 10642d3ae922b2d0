import APICoreGraphQL
import Foundation

/// Lets at most one awaited read per core hold a reader connection at once; the others wait in order, holding no
/// thread, and each starts on the thread of the read that ended before it.
///
/// A pool has more connections than that (synchronous reads should rarely wait for one), but reads beyond the cores
/// only take turns on them: the file's pages are in memory after the first read, so each read is work for a core,
/// and eight at once on two cores make every other thread of the app, the cooperative pool's included, wait its turn
/// among them. Starting the next read where the last ended keeps the cores busy without a hop through the pool.
final class ReadLimiter: Sendable {
    private let limit: Int
    private let state = Lock(State())

    private struct State {
        var running = 0
        var waiting: [@Sendable () -> Void] = []
    }

    /// A limiter of one read per active core, and never fewer than two.
    convenience init() {
        self.init(limit: max(2, ProcessInfo.processInfo.activeProcessorCount))
    }

    init(limit: Int) {
        precondition(limit > 0, "a read limiter must let a read run")
        self.limit = limit
    }

    /// Calls `start` at once when fewer than the limit run, or else when a read ends; `start` must begin a read that
    /// calls ``finish()`` when it ends.
    func run(_ start: @escaping @Sendable () -> Void) {
        let startsNow = state.withLock { state -> Bool in
            guard state.running < limit else {
                state.waiting.append(start)
                return false
            }
            state.running += 1
            return true
        }
        if startsNow { start() }
    }

    /// Ends a read: the read that has waited longest starts, on this thread.
    func finish() {
        let next = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?()
    }
}
