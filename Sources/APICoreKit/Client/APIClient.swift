import APICoreGraphQL
import APICoreJSON
import Foundation

/// The one entry point of the request layer, for GraphQL and REST alike.
///
/// Every call takes the same path:
/// 1. The call becomes an ``HTTPRequest``: a GraphQL operation as a POST (or GET) body per the GraphQL-over-HTTP
///    specification, with a persisted-query hash when configured; a REST call with its JSON body.
/// 2. With a cache (``APIClientConfiguration/cache``), a generated query's ``CachePolicy`` decides whether the cache
///    answers, the network does, or both; a cached answer skips the steps below.
/// 3. The configured interceptors run in order (auth, logging, metrics, retry, ...); each may change the request,
///    answer it, retry it or observe the response. The transport sends what reaches the end of the chain.
/// 4. The response bytes are read once by `JSONReader`. A GraphQL body is read whatever the status (errors with a
///    200, partial data with 294, 4xx with a GraphQL body); a failing status without one is an HTTP error.
/// 5. The data decodes into the operation's generated types (or a `Decodable` type), normalized into the cache's
///    records in the same walk and written, then, for a ``GraphQLRequest``, maps to the domain value.
/// 6. The result is an ``APIResponse`` with the value, GraphQL errors and metadata; every failure is an ``APIError``.
///
/// Calls honour Swift task cancellation all the way to the socket, time out after the configured duration, and can
/// be cancelled by operation name with ``cancel(operationNames:)``.
public final class APIClient: Sendable {
    /// The configuration.
    public let configuration: APIClientConfiguration

    let chain: InterceptorChain
    /// Runs each call under its time limit, cancellable by name.
    let calls: CallRunner
    /// Turned off when the server says it does not support persisted queries.
    let persistedQueriesSupported = Lock(true)
    /// Identical queries in flight, sharing one exchange.
    let inFlightRequests: InFlightRequestSharing
    /// The batches of queries being filled and sent, when the client batches.
    let batcher: RequestBatcher?
    /// The query methods the endpoint has refused (QUERY with 405 or 501, GET with 405): later queries are POSTed.
    let refusedQueryMethods = Lock<Set<GraphQLQueryMethod>>([])
    /// The persisted-query hashes of hand-written documents.
    let documentHashes = DocumentHashCache()

    /// A client with the given configuration.
    public init(configuration: APIClientConfiguration) {
        self.configuration = configuration
        calls = CallRunner(defaultTimeout: configuration.timeout)
        let sharing = InFlightRequestSharing()
        inFlightRequests = sharing
        let batcher = configuration.batching.map { RequestBatcher(batching: $0, reader: configuration.jsonReader) }
        self.batcher = batcher
        chain = InterceptorChain(
            interceptors: configuration.interceptors, transport: configuration.transport,
            maximumResponseSize: configuration.maximumResponseSize, sharing: sharing, batcher: batcher)
    }

    /// A client for the GraphQL endpoint `url`, with default settings and the given interceptors.
    public convenience init(url: URL, interceptors: [any APIInterceptor] = []) {
        self.init(configuration: APIClientConfiguration(graphQLEndpoint: url, interceptors: interceptors))
    }

    /// Cancels the calls in flight with these operation names (REST calls are named `METHOD path`); they fail with
    /// ``APIError/Code/cancelled``. Returns how many were cancelled.
    @discardableResult
    public func cancel(operationNames: Set<String>) -> Int {
        calls.cancel(operationNames: operationNames)
    }

    /// Cancels every call in flight.
    @discardableResult
    public func cancelAll() -> Int {
        calls.cancel(operationNames: nil)
    }

    /// The operation names of the calls in flight.
    public var operationsInFlight: [String] { calls.operationNames }

    /// Runs one call: registered for cancellation by name, bounded by its timeout, with every error an `APIError`
    /// (``CallRunner``).
    func run<Value: Sendable>(
        operationName: String,
        timeout: Duration?,
        _ body: @escaping @Sendable () async throws -> Value
    ) async throws(APIError) -> Value {
        try await calls.run(operationName: operationName, timeout: timeout, body)
    }
}
