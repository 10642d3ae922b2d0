/// What a ``CachePolicy`` does, as steps that `execute`, `fetch` and `watch` all follow
/// (``APIClient/follow(_:plan:options:answering:cached:deliver:)``).
struct CachePlan: Hashable {
    /// One step.
    enum Step: Hashable {
        /// Read the cache. On a hit, deliver the value and finish, or deliver it and go on when `thenContinue` (an
        /// early value for callers that take more than one); on a miss, go on, or fail with the miss when
        /// `failOnMiss`.
        case readCache(thenContinue: Bool, failOnMiss: Bool)
        /// Go to the network and deliver its value, which is written to the cache. With `fallingBackToCache`, a
        /// failure to reach the server is answered from the cache, which says why in its metadata.
        case network(fallingBackToCache: Bool)
    }

    let steps: [Step]

    /// The plan of `policy` for an operation of `operationType`, with or without a cache. Without one, and for
    /// mutations and subscriptions, every policy is the network alone.
    init(_ policy: CachePolicy, operationType: GraphQLOperationType, hasCache: Bool) {
        guard hasCache, operationType == .query else {
            steps = [.network(fallingBackToCache: false)]
            return
        }
        switch policy {
        case .cacheFirst:
            steps = [.readCache(thenContinue: false, failOnMiss: false), .network(fallingBackToCache: false)]
        case .cacheOnly: steps = [.readCache(thenContinue: false, failOnMiss: true)]
        case .networkOnly: steps = [.network(fallingBackToCache: false)]
        case .cacheAndNetwork:
            steps = [.readCache(thenContinue: true, failOnMiss: false), .network(fallingBackToCache: false)]
        case .networkFirst: steps = [.network(fallingBackToCache: true)]
        }
    }

    /// The plan without the early values: `execute` returns one value, so a cached value it would not return is not
    /// read.
    var withoutEarlyValues: CachePlan {
        CachePlan(steps: steps.filter { $0 != .readCache(thenContinue: true, failOnMiss: false) })
    }

    private init(steps: [Step]) {
        self.steps = steps
    }
}
