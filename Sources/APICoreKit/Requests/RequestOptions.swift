/// Per-call settings; each `nil` falls back to the client's configuration.
public struct RequestOptions: Sendable {
    /// How GraphQL errors that come with data are treated.
    public enum ErrorPolicy: Sendable, Hashable {
        /// Partial data is returned with its errors in ``APIResponse/errors`` (the default).
        case returnPartialData
        /// Any GraphQL error fails the call with ``APIError/Code/graphQL``.
        case failOnErrors
    }

    /// How GraphQL errors that come with data are treated.
    public var errorPolicy: ErrorPolicy
    /// The longest the whole call may take, retries included.
    public var timeout: Duration?
    /// Extra header fields for this call.
    public var headers: HTTPHeaders
    /// The HTTP method of a query; `nil` uses ``APIClientConfiguration/queryMethod``.
    public var queryMethod: GraphQLQueryMethod?
    /// Whether to use persisted queries when the client is configured for them, or when ``persistedQueryMode`` asks
    /// for them; off, the call sends its document whatever the mode.
    public var usesPersistedQueries: Bool
    /// How this call uses persisted queries; `nil` (the default) follows ``APIClientConfiguration/persistedQueries``,
    /// and sends the document when the client has none.
    ///
    /// ``PersistedQueriesConfiguration/Mode/identifierOnly`` sends only the operation's id even when the client is not
    /// configured for persisted queries, with GET when the call or the client uses GET for queries; a client in that
    /// mode can send one call with ``PersistedQueriesConfiguration/Mode/automatic`` (or its document, with
    /// ``usesPersistedQueries`` off) to a server that accepts them.
    public var persistedQueryMode: PersistedQueriesConfiguration.Mode?
    /// Whether a query may share the network exchange of an identical query already in flight (same endpoint,
    /// document, variables and header fields, the authorization among them) instead of sending its own: on by
    /// default. Every caller gets the response or the error; a caller that is cancelled stops only its own wait, and
    /// the request goes on while anyone waits for it. Mutations are never shared.
    public var deduplicates: Bool
    /// What the server should do when a field fails (``GraphQLErrorBehavior``, sent as `onError`); `nil` (the default)
    /// follows ``APIClientConfiguration/errorBehavior``.
    public var errorBehavior: GraphQLErrorBehavior?
    /// Whether a query may be sent in a batch with others (``APIClientConfiguration/batching``); `nil` (the default)
    /// follows the client's ``GraphQLBatching/batchesByDefault``. Ignored when the client does not batch, and by
    /// every call that is never batched (mutations, uploads, incremental delivery, GET and QUERY requests).
    public var batches: Bool?
    /// Overrides whether the call may be retried.
    public var isIdempotent: Bool?
    /// Where a query's value comes from; `nil` uses ``APIClientConfiguration/defaultCachePolicy``. Ignored by
    /// mutations, and by every call when the client has no cache.
    public var cachePolicy: CachePolicy?
    /// Whether a watch (``APIClient/watch(_:cachePolicy:options:)``) fetches its query again from the network when a
    /// write, an eviction or an expiry leaves the query's cached data incomplete (Apollo's `refetchOnFailedUpdates`).
    ///
    /// On (the default), the miss is not delivered: the refetched value (or the refetch's failure) is. At most one
    /// refetch is made per miss until a complete value has been delivered again, so a server whose answer still
    /// leaves the data incomplete, or that fails, cannot cause a loop of requests. Off, the miss is delivered as an
    /// ``APIError/Code/cacheMiss`` failure and nothing is sent. `cacheOnly` watches never refetch; other calls
    /// ignore it.
    public var refetchesOnCacheMiss: Bool
    /// Whether a watch (``APIClient/watch(_:cachePolicy:options:)``) fetches its query again when the data it shows
    /// reaches its time to live (a response's `Cache-Control: max-age`, the schema's `@cacheControl`, the store's
    /// policy), and delivers the server's value (source `.network`), or the refetch's failure, and goes on. One
    /// refetch per expiry: the refetched value's own time to live sets the next one, and a refetch that brings data
    /// already expired (`max-age=0`) is not followed by another. Off by default; `cacheOnly` watches never refetch.
    public var refetchesOnExpiry: Bool
    /// Whether a query the cache answers alone (`cacheOnly`, or `networkFirst` when the network fails) returns what
    /// the cache holds even when part of it is missing (Apollo Kotlin's partial cache results): the missing fields are
    /// `nil` where the types allow, with one error per missing field in ``APIResponse/errors`` (its path, and the
    /// extension `code` `CACHE_MISS`). Off (the default), a miss fails the call with ``APIError/Code/cacheMiss``, as
    /// it does when not even a partial value can be built. `cacheFirst` treats a partial value as a miss either way.
    public var returnsPartialCacheData: Bool
    /// How a read of the cache for this call treats fields past their time to live; `nil` uses
    /// ``APIClientConfiguration/defaultCacheFreshness``. Permissive, a cached answer may hold stale fields, listed in
    /// ``ResponseMetadata/staleFields``; its `maxStale` also bounds what ``CachePolicy/staleWhileRevalidate`` serves.
    public var cacheFreshness: CacheFreshness?
    /// Where an upload's progress goes: set by ``APIClient/upload(_:options:)``.
    var uploadProgress: UploadProgressReporter?

    /// Options; every default defers to the client.
    public init(
        errorPolicy: ErrorPolicy = .returnPartialData,
        timeout: Duration? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        queryMethod: GraphQLQueryMethod? = nil,
        usesPersistedQueries: Bool = true,
        persistedQueryMode: PersistedQueriesConfiguration.Mode? = nil,
        deduplicates: Bool = true,
        batches: Bool? = nil,
        errorBehavior: GraphQLErrorBehavior? = nil,
        isIdempotent: Bool? = nil,
        cachePolicy: CachePolicy? = nil,
        refetchesOnCacheMiss: Bool = true,
        returnsPartialCacheData: Bool = false,
        cacheFreshness: CacheFreshness? = nil,
        refetchesOnExpiry: Bool = false
    ) {
        self.errorPolicy = errorPolicy
        self.timeout = timeout
        self.headers = headers
        self.queryMethod = queryMethod
        self.usesPersistedQueries = usesPersistedQueries
        self.persistedQueryMode = persistedQueryMode
        self.deduplicates = deduplicates
        self.batches = batches
        self.errorBehavior = errorBehavior
        self.isIdempotent = isIdempotent
        self.cachePolicy = cachePolicy
        self.refetchesOnCacheMiss = refetchesOnCacheMiss
        self.returnsPartialCacheData = returnsPartialCacheData
        self.cacheFreshness = cacheFreshness
        self.refetchesOnExpiry = refetchesOnExpiry
    }
}
