/// What a ``CachePolicy`` does, as the steps that `execute`, `fetch` and `watch` all follow
/// (``APIClient/follow(_:plan:options:answering:cached:early:)``): a read of the cache, if the policy has one, then the
/// network, which may fall back to the cache.
struct CachePlan: Hashable {
    /// What the read of the cache before the network does with what it finds.
    enum CacheRead: Hashable {
        /// A hit is the answer; a miss goes on to the network (`cacheFirst`).
        case answersOnHit
        /// The cache alone answers; a miss fails (`cacheOnly`).
        case answersAlone
        /// A hit is an early value, delivered before the network's to callers that take more than one
        /// (`cacheAndNetwork`); then the network answers.
        case deliversEarly
        /// A fresh hit is the answer; a stale one is delivered at once and the network answers after it, or, for a
        /// call that takes one value, is the answer while the network refreshes the cache behind it; a miss goes on
        /// to the network (`staleWhileRevalidate`).
        case revalidatesStale
    }

    /// The read before the network, if any.
    let cacheRead: CacheRead?
    /// Whether a failure to reach the server is answered from the cache, which says why in its metadata
    /// (`networkFirst`).
    let fallsBackToCache: Bool

    /// The plan of `policy` for an operation of `operationType`, with or without a cache. Without one, and for
    /// mutations and subscriptions, every policy is the network alone.
    init(_ policy: CachePolicy, operationType: GraphQLOperationType, hasCache: Bool) {
        guard hasCache, operationType == .query else {
            (cacheRead, fallsBackToCache) = (nil, false)
            return
        }
        switch policy {
        case .cacheFirst: (cacheRead, fallsBackToCache) = (.answersOnHit, false)
        case .cacheOnly: (cacheRead, fallsBackToCache) = (.answersAlone, false)
        case .networkOnly: (cacheRead, fallsBackToCache) = (nil, false)
        case .cacheAndNetwork: (cacheRead, fallsBackToCache) = (.deliversEarly, false)
        case .networkFirst: (cacheRead, fallsBackToCache) = (nil, true)
        case .staleWhileRevalidate: (cacheRead, fallsBackToCache) = (.revalidatesStale, false)
        }
    }
}
