import Foundation

/// How an ``APIClient`` reaches its server.
public struct APIClientConfiguration: Sendable {
    /// The GraphQL endpoint.
    public var graphQLEndpoint: URL
    /// The base URL REST paths are resolved against; the GraphQL endpoint's origin by default.
    public var restBaseURL: URL
    /// Sends requests: ``defaultTransport(requestTimeout:)`` (`URLSession`) by default; on Linux, the `APICoreNIO`
    /// package's `AsyncHTTPClientTransport`.
    public var transport: any HTTPTransport
    /// The interceptors, outermost first. A typical order: metrics, logging, retry, auth.
    public var interceptors: [any APIInterceptor]
    /// Header fields sent with every request.
    public var headers: HTTPHeaders
    /// The longest a call may take, retries included, unless its options say otherwise.
    public var timeout: Duration
    /// The HTTP method of queries (mutations always use POST): ``GraphQLQueryMethod/post`` by default.
    public var queryMethod: GraphQLQueryMethod
    /// The header that names the operation on GraphQL GET requests and file uploads (`X-Apollo-Operation-Name` by
    /// default); `nil` sends none.
    ///
    /// A GET, or a `multipart/form-data` POST, without a header beyond the CORS-safelisted ones is a "simple" request
    /// that browsers send cross-origin without a preflight, so servers with CSRF prevention (Apollo Server) refuse it.
    /// Other POST requests need no such header: their `application/json` content type already requires a preflight.
    /// For a server that asks for `Apollo-Require-Preflight` instead, name that field here. Anonymous operations are named as
    /// in logs and metrics (`anonymous query`).
    public var operationNameHeader: String?
    /// What servers should do when a field fails, sent as `onError` with every operation (``GraphQLErrorBehavior``);
    /// `nil` (the default) sends nothing, which servers take as ``GraphQLErrorBehavior/propagate``. Set it only for a
    /// server that supports the parameter: one that does not may refuse the request.
    public var errorBehavior: GraphQLErrorBehavior?
    /// HTTP batching of queries (``GraphQLBatching``); `nil` (the default) sends each query on its own.
    public var batching: GraphQLBatching?
    /// Persisted queries, when enabled: automatic (APQ) or ID-only for a server with a safelist.
    public var persistedQueries: PersistedQueriesConfiguration?
    /// The client's name and version, sent in Apollo's client-awareness header fields with every HTTP request;
    /// `nil` (the default) sends none.
    public var clientAwareness: ClientAwareness?
    /// The largest response body a call accepts, in bytes (64 MiB by default); `nil` for no limit.
    ///
    /// A larger body fails the call with ``APIError/Code/responseTooLarge``, and ``URLSessionTransport`` stops
    /// reading it at the limit. A streamed response (`@defer`, multipart subscriptions) is held to the limit part by
    /// part.
    public var maximumResponseSize: Int?
    /// The default of ``maximumResponseSize``: 64 MiB.
    public static let defaultMaximumResponseSize = 64 << 20
    /// Reads response bodies; its `JSONReader/Options/maximumDepth` bounds how deeply a response may nest.
    public var jsonReader: JSONReader
    /// Decodes REST responses and `Decodable` GraphQL data.
    public var decoder: JSONValueDecoder
    /// Encodes REST bodies.
    public var encoder: JSONValueEncoder
    /// The normalized cache that query results are written to and answered from; `nil` (the default) caches nothing,
    /// and every ``CachePolicy`` then behaves as ``CachePolicy/networkOnly``.
    public var cache: CacheStore?
    /// The policy of queries whose options name none.
    public var defaultCachePolicy: CachePolicy
    /// How reads of the cache treat fields past their time to live when a call's options do not say
    /// (``RequestOptions/cacheFreshness``): strict by default, so a stale field is a miss.
    public var defaultCacheFreshness: CacheFreshness = .strict
    /// Carries subscriptions (`WebSocketSubscriptionTransport` from APICoreWebSocket, or
    /// ``MultipartSubscriptionTransport`` over HTTP); queries and mutations always go through ``transport``. Without
    /// one, ``APIClient/subscribe(_:resumption:)`` fails.
    public var subscriptionTransport: (any GraphQLSubscriptionTransport)?
    /// Attaches an observer to the decode of every GraphQL result of a generated operation (whole responses,
    /// incremental responses, subscription events), beside the ``cache``'s normalizer when there is one.
    public var decodingObservation: (any GraphQLDecodingObservation)?
    /// The schema documents run at run time are compiled against (`APICoreDynamic`'s `GraphQLRuntimeSchema`): with
    /// one, ``APIClient/execute(document:operationName:variables:options:)``, `fetch(document:)` and
    /// `watch(document:)` run any document through the cache like a generated operation. `nil` by default.
    public var schema: (any GraphQLDocumentCompiling)?

    /// A configuration for a server at `graphQLEndpoint`.
    public init(
        graphQLEndpoint: URL,
        restBaseURL: URL? = nil,
        transport: any HTTPTransport = defaultTransport(),
        interceptors: [any APIInterceptor] = [],
        headers: HTTPHeaders = HTTPHeaders(),
        timeout: Duration = .seconds(60),
        queryMethod: GraphQLQueryMethod = .post,
        operationNameHeader: String? = "X-Apollo-Operation-Name",
        persistedQueries: PersistedQueriesConfiguration? = nil,
        batching: GraphQLBatching? = nil,
        errorBehavior: GraphQLErrorBehavior? = nil,
        clientAwareness: ClientAwareness? = nil,
        maximumResponseSize: Int? = defaultMaximumResponseSize,
        jsonReader: JSONReader = JSONReader(),
        decoder: JSONValueDecoder = JSONValueDecoder(),
        encoder: JSONValueEncoder = JSONValueEncoder(),
        cache: CacheStore? = nil,
        defaultCachePolicy: CachePolicy = .cacheFirst,
        subscriptionTransport: (any GraphQLSubscriptionTransport)? = nil,
        decodingObservation: (any GraphQLDecodingObservation)? = nil,
        schema: (any GraphQLDocumentCompiling)? = nil
    ) {
        self.graphQLEndpoint = graphQLEndpoint
        self.restBaseURL = restBaseURL ?? Self.origin(of: graphQLEndpoint)
        self.transport = transport
        self.interceptors = interceptors
        self.headers = headers
        self.timeout = timeout
        self.queryMethod = queryMethod
        self.operationNameHeader = operationNameHeader
        self.persistedQueries = persistedQueries
        self.batching = batching
        self.errorBehavior = errorBehavior
        self.clientAwareness = clientAwareness
        self.maximumResponseSize = maximumResponseSize
        self.jsonReader = jsonReader
        self.decoder = decoder
        self.encoder = encoder
        self.cache = cache
        self.defaultCachePolicy = defaultCachePolicy
        self.subscriptionTransport = subscriptionTransport
        self.decodingObservation = decodingObservation
        self.schema = schema
    }

    private static func origin(of url: URL) -> URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = ""
        components.query = nil
        components.fragment = nil
        return components.url ?? url
    }

    /// The header fields every HTTP request starts with: ``headers``, and the client-awareness fields that they do
    /// not already have.
    var requestHeaders: HTTPHeaders {
        guard let clientAwareness else { return headers }
        var merged = headers
        for field in clientAwareness.headers where !headers.contains(field.name) {
            merged.add(field.name, field.value)
        }
        return merged
    }
}
