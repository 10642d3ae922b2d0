import APICoreJSON
import Foundation

/// What a watch waits for: a change of its cached data, a refetch asked for, or (for a watch that refetches on expiry,
/// ``RequestOptions/refetchesOnExpiry``) the moment that data expires.
enum WatchEvent<Data: Sendable>: Sendable {
    /// The cache's data for the query changed: the new data, with the field errors the cache holds for it.
    case change(Result<Data, CacheError>, fieldErrors: [GraphQLError])
    /// The deadline numbered so passed.
    case expired(UInt64)
    /// ``APIQueryWatch/refetch()`` asked for the query from the network (the request's id).
    case refetch(UInt64)
}

/// The one expiry deadline of a watch: a task sleeping until the first field the watch shows expires, which then
/// reports the deadline's number. A new deadline replaces the old one, whose report, if it was already on its way,
/// is recognised as stale (``isCurrent(_:)``).
final class WatchExpiryTimer: Sendable {
    private let state = Lock<(number: UInt64, sleeper: Task<Void, Never>?)>((0, nil))
    private let fire: @Sendable (UInt64) -> Void

    /// A timer that calls `fire` with the deadline's number when it passes.
    init(fire: @escaping @Sendable (UInt64) -> Void) {
        self.fire = fire
    }

    /// Replaces the deadline with `date` on a clock that reads `now` at this moment; `nil` clears it.
    func schedule(at date: Date?, now: Date) {
        let fire = fire
        state.withLock { state in
            state.sleeper?.cancel()
            state.number += 1
            guard let date else {
                state.sleeper = nil
                return
            }
            let number = state.number
            let delay = max(0, date.timeIntervalSince(now))
            state.sleeper = Task {
                do {
                    try await Task.sleep(for: .seconds(delay))
                } catch {
                    return
                }
                fire(number)
            }
        }
    }

    /// Whether the deadline numbered `number` is still the watch's.
    func isCurrent(_ number: UInt64) -> Bool {
        state.withLock { $0.number == number }
    }

    /// Clears the deadline, for good.
    func cancel() {
        state.withLock { state in
            state.sleeper?.cancel()
            state.sleeper = nil
            state.number += 1
        }
    }
}
