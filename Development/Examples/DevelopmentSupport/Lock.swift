import Foundation

// Safety: `value` is read and written only inside `withLock(_:)`, between `lock()` and `unlock()`.
/// A value that the examples' and the benchmarks' tasks share, behind an `NSLock`. The library's own lock is not
/// API, so they, like any app, bring their own (an app on iOS 18 or later would use `Synchronization.Mutex`).
public final class Lock<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock guarding `initialValue`.
    public init(_ initialValue: Value) {
        value = initialValue
    }

    /// Runs `body` with exclusive access to the value, and returns what it returns.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
