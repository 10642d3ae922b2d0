/// Decides when a watch may fetch its query again after a miss (``RequestOptions/refetchesOnCacheMiss``): at most one
/// refetch per miss until a complete value has been delivered again.
///
/// A complete value is one the cache holds: a value read from the cache, or a refetched value written to it. A
/// refetch that fails, or whose value the cache did not take, leaves the guard closed, so the next miss is delivered
/// as it is and nothing more is sent until a write completes the data.
struct WatchRefetchGuard {
    /// Whether the watch refetches at all: on in its options, and not `cacheOnly`.
    let isEnabled: Bool
    private var isArmed = true

    /// A guard for a watch with `options`, following `policy`.
    init(options: RequestOptions, policy: CachePolicy) {
        isEnabled = options.refetchesOnCacheMiss && policy != .cacheOnly
    }

    /// Whether a miss may be answered by a refetch now; if so, no other may until ``completeValueDelivered()``.
    mutating func takeRefetch() -> Bool {
        guard isEnabled, isArmed else { return false }
        isArmed = false
        return true
    }

    /// The cache holds the query's whole data again: the next miss may refetch.
    mutating func completeValueDelivered() {
        isArmed = true
    }
}
