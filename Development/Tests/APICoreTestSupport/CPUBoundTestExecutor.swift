import Foundation

/// The threads CPU-bound tests run on, apart from Swift's cooperative pool.
///
/// swift-testing starts every test at once on the cooperative pool, which has one thread per core: two on the CI
/// machine. A synchronous test that parses the whole corpus or loops over a thousand seeds holds its thread until it
/// ends; two of them hold the whole pool, and every test that awaits a network answer meanwhile waits too, until its
/// client's time limit fails it (50 concurrent live requests once timed out at 30 s this way). On these threads the
/// operating system shares the cores between that work and the pool instead.
// Safety: the only stored property is an OperationQueue, whose methods may be called from any thread.
public final class CPUBoundTestExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor ``Trait/cpuBound`` runs tests on: two threads, so that such tests still run in parallel.
    public static let shared = CPUBoundTestExecutor(threads: 2)

    /// Thread-safe; only jobs are added to it.
    private let queue = OperationQueue()

    init(threads: Int) {
        queue.name = "CPU-bound tests"
        queue.maxConcurrentOperationCount = threads
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.addOperation { job.runSynchronously(on: executor) }
    }
}
