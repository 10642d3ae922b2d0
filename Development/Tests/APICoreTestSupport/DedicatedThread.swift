import Foundation

/// Runs blocking work (waiting for child processes, joining threads, reading a pipe) on a thread of its own and
/// awaits its result, so the work never holds one of the few threads of Swift's cooperative pool.
///
/// A test that blocks a pool thread for long starves every test running beside it that awaits anything: on a
/// two-core machine the pool has two threads. Under ThreadSanitizer, two such SQLite tests held the pool for minutes
/// and calls of other tests ran out of time. Expectations belong in the awaiting test, not in `body`: return what
/// they need.
public func onDedicatedThread<Result: Sendable>(
    _ body: @escaping @Sendable () throws -> Result
) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Swift.Result { try body() })
        }
        thread.start()
    }
}
