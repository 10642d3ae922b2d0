import Foundation

/// The threads CPU-bound tests run on, apart from Swift's cooperative pool.
///
/// swift-testing starts every test at once on the cooperative pool, which has one thread per core: two on the CI
/// machine. A synchronous test that parses the whole corpus or loops over a thousand seeds holds its thread until it
/// ends; two of them hold the whole pool, and every test that awaits a network answer meanwhile waits too, until its
/// client's time limit fails it (50 concurrent live requests once timed out at 30 s this way). On these threads the
/// operating system shares the cores between that work and the pool instead.
///
/// The threads are the executor's own. An `OperationQueue` or a dispatch queue would not do: on Linux both run on
/// the same global dispatch workers as the cooperative pool, which dispatch limits to one per core, so two CPU-bound
/// tests held the pool for half a minute and live calls of other tests ran out of time.
public final class CPUBoundTestExecutor: TaskExecutor, Sendable {
    /// The executor ``Trait/cpuBound`` runs tests on: two threads, so that such tests still run in parallel.
    public static let shared = CPUBoundTestExecutor(threads: 2)

    private let condition = NSCondition()
    // Safety: read and written only with `condition` held.
    nonisolated(unsafe) private var jobs: [UnownedJob] = []

    init(threads: Int) {
        for index in 0..<threads {
            // The executor is never released (it is shared by every test), so its threads keep it alive.
            let thread = Thread { [self] in runJobs() }
            thread.name = "CPU-bound tests \(index)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Runs jobs in the order they came, for ever.
    private func runJobs() {
        let executor = asUnownedTaskExecutor()
        while true {
            let job = condition.withLock {
                while jobs.isEmpty { condition.wait() }
                return jobs.removeFirst()
            }
            job.runSynchronously(on: executor)
        }
    }
}
