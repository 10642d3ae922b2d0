#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#else
    #error("Lock needs pthread_mutex_t")
#endif

/// A value that tasks and threads share, behind a mutual-exclusion lock: the package's one lock.
///
/// It stands in for `Synchronization.Mutex`, which needs iOS 18 and macOS 15, with the same `withLock(_:)`, over a
/// `pthread_mutex_t`. The same code runs on Linux and on Apple platforms, so the lock the tests exercise and the
/// sanitizers check here is the one an app runs.
///
/// Invariants, for every use in the package:
/// - The lock guards `value` and nothing else: read and change it only inside `withLock(_:)`, and let nothing that
///   refers into it escape the closure.
/// - The closure never suspends (it is synchronous, so it cannot `await`), and must not block on anything that could
///   wait for another holder of the same lock: the lock is never held across an `await`.
/// - It is not recursive: calling `withLock(_:)` on the same lock from inside its own closure deadlocks (a debug build
///   stops with a precondition failure instead). Where two locks are nested, every path takes them in the same order.
/// - The mutex lives in memory of its own, allocated once and never moved, and `deinit` destroys it; a lock is a
///   reference, so copies of a `Lock` share one mutex and one value.
// Safety: `value` is read and written only in `withLock(_:)`, between locking and unlocking `mutex`. The value enters
// as `sending` and leaves only through the closure's `inout sending` parameter, as with `Synchronization.Mutex`, so no
// reference into it is shared outside the lock.
package final class Lock<Value: ~Copyable>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    /// A lock guarding `initialValue`.
    package init(_ initialValue: consuming sending Value) {
        value = initialValue
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        defer { pthread_mutexattr_destroy(&attributes) }
        #if DEBUG
            // Locking a lock that the thread already holds fails with EDEADLK instead of hanging.
            pthread_mutexattr_settype(&attributes, .init(PTHREAD_MUTEX_ERRORCHECK))
        #endif
        let error = pthread_mutex_init(mutex, &attributes)
        precondition(error == 0, "pthread_mutex_init failed with error \(error)")
    }

    deinit {
        let error = pthread_mutex_destroy(mutex)
        precondition(error == 0, "pthread_mutex_destroy failed with error \(error): the lock is still held")
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value, and returns what it returns.
    @inlinable
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        let error = pthread_mutex_lock(mutex)
        precondition(error == 0, "pthread_mutex_lock failed with error \(error): is the lock already held here?")
        defer {
            let error = pthread_mutex_unlock(mutex)
            precondition(error == 0, "pthread_mutex_unlock failed with error \(error)")
        }
        return try body(&value)
    }
}

extension Lock where Value: FixedWidthInteger & Sendable {
    /// Adds one to the value and returns the sum: a counter that hands out identifiers, unique for the counter's
    /// life. It traps when the value would overflow.
    package func increment() -> Value {
        withLock { value in
            value += 1
            return value
        }
    }
}
