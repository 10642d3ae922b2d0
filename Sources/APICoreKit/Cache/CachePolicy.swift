/// Where a query's value comes from when the client has a cache (``APIClientConfiguration/cache``).
///
/// Without a cache every policy behaves as ``networkOnly``. Mutations and subscriptions always go to the network;
/// their results are written to the cache whatever the policy, so watchers of the objects they change see it.
///
/// Network results are written to the cache under every policy, unless the response says `Cache-Control: no-store`.
public enum CachePolicy: Sendable, Hashable, CaseIterable {
    /// The cache answers when it holds every field the query selects, unexpired; otherwise the network does. The
    /// default for queries.
    case cacheFirst
    /// The network always answers; its result still refreshes the cache.
    case networkOnly
    /// The cache alone answers; a miss fails with ``APIError/Code/cacheMiss`` naming the missing field.
    case cacheOnly
    /// The cached value first (when there is one), then the network's: ``APIClient/fetch(_:cachePolicy:options:)``
    /// and ``APIClient/watch(_:cachePolicy:options:)`` deliver both; `execute` returns the network's.
    case cacheAndNetwork
    /// The network answers; when it cannot be reached (a transport error, a timeout, a 5xx status) the cache does,
    /// with the network's error in ``ResponseMetadata/networkError``, so an app keeps working offline. Answers from the
    /// server, GraphQL errors included, are never replaced by cached data.
    case networkFirst
    /// The cache answers at once with what it holds, even past its time to live, and when any of it is stale the
    /// network refreshes it (stale-while-revalidate): ``APIClient/fetch(_:cachePolicy:options:)`` and
    /// ``APIClient/watch(_:cachePolicy:options:)`` deliver the stale value (``ResponseMetadata/isStale``) and then the
    /// network's; `execute` returns the stale value and refreshes the cache behind it, so watchers get the fresh value.
    /// Fresh data is answered from the cache alone, a miss from the network. A failed refresh leaves the cached value
    /// as it was, still stale. How stale a value may be served is bounded by the `maxStale` of the call's
    /// `CacheFreshness` when it is permissive; otherwise it is not bounded.
    case staleWhileRevalidate
}
