import Foundation

/// The threads that run the awaited reads of every SQLite cache in the process: one per core (never fewer than two),
/// started on first use and kept for the life of the process, taking reads in the order they came.
///
/// An awaited read runs here, synchronously, on a reader connection of its pool (which has more connections than
/// there are threads, so it rarely waits for one), and resumes its caller when it is done: no thread of Swift's
/// concurrency pool waits on the file or builds a large result. One read per core at once is as fast as reads go
/// (after the first read the file's pages are in memory, so each read is work for a core), and more would only take
/// turns on the cores with every other thread of the app, the cooperative pool's included, making a waking task
/// late. A read waiting for a thread holds none, and starts as soon as one is free, with no hop through a queue.
final class ReadThreads: Sendable {
    /// The threads every SQLite cache shares.
    static let shared = ReadThreads(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

    /// How many reads run at once at most.
    let count: Int
    private let condition = NSCondition()
    // Safety: read and written only with `condition` held.
    nonisolated(unsafe) private var pending: [@Sendable () -> Void] = []
    nonisolated(unsafe) private var first = 0

    init(count: Int, name: String = "APICoreSQLite reads") {
        precondition(count > 0, "reads need a thread")
        self.count = count
        for index in 0..<count {
            // Each thread holds the object for ever: the shared one lives as long as the process.
            let thread = Thread { [self] in runReads() }
            thread.name = "\(name) \(index)"
            thread.start()
        }
    }

    /// Runs `read` on one of the threads, after the reads that came before it have started.
    func run(_ read: @escaping @Sendable () -> Void) {
        condition.withLock {
            pending.append(read)
            condition.signal()
        }
    }

    private func runReads() {
        while true {
            let read = condition.withLock {
                while first == pending.count { condition.wait() }
                let read = pending[first]
                first += 1
                // Drops the reads already taken once they are half the array, so taking one stays cheap.
                if first * 2 >= pending.count {
                    pending.removeFirst(first)
                    first = 0
                }
                return read
            }
            read()
        }
    }
}
