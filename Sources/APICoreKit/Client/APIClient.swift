import APICoreGraphQL
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
    let inFlight = InFlightRegistry()
    /// The time limits of the calls in flight.
    let deadlines = DeadlineTimer()
    /// Turned off when the server says it does not support persisted queries.
    let persistedQueriesSupported = Lock(true)
    /// Identical queries in flight, sharing one exchange.
    let inFlightRequests: InFlightRequestSharing
    /// Turned off when the endpoint answers a QUERY request with 405 or 501: later queries are POSTed.
    let queryMethodSupported = Lock(true)
    /// The persisted-query hashes of hand-written documents.
    let documentHashes = DocumentHashCache()

    /// A client with the given configuration.
    public init(configuration: APIClientConfiguration) {
        self.configuration = configuration
        let sharing = InFlightRequestSharing()
        inFlightRequests = sharing
        chain = InterceptorChain(
            interceptors: configuration.interceptors, transport: configuration.transport,
            maximumResponseSize: configuration.maximumResponseSize, sharing: sharing)
    }

    /// A client for the GraphQL endpoint `url`, with default settings and the given interceptors.
    public convenience init(url: URL, interceptors: [any APIInterceptor] = []) {
        self.init(configuration: APIClientConfiguration(graphQLEndpoint: url, interceptors: interceptors))
    }

    /// Cancels the calls in flight with these operation names (REST calls are named `METHOD path`); they fail with
    /// ``APIError/Code/cancelled``. Returns how many were cancelled.
    @discardableResult
    public func cancel(operationNames: Set<String>) -> Int {
        inFlight.cancel(operationNames: operationNames)
    }

    /// Cancels every call in flight.
    @discardableResult
    public func cancelAll() -> Int {
        inFlight.cancel(operationNames: nil)
    }

    /// The operation names of the calls in flight.
    public var operationsInFlight: [String] { inFlight.operationNames }

    /// Runs one call: registered for cancellation by name, bounded by its timeout, with every error an `APIError`.
    ///
    /// A timeout or a cancellation cancels the call's task; everything the package awaits inside (the transport, a
    /// token refresh) stops at once when cancelled. A custom transport or interceptor that ignores cancellation
    /// delays the error until it returns.
    func run<Value: Sendable>(
        operationName: String,
        timeout: Duration?,
        _ body: @escaping @Sendable () async throws -> Value
    ) async throws(APIError) -> Value {
        let limit = timeout ?? configuration.timeout
        // The call runs in a task of its own, so that cancelling by name or by time limit can reach it; the time
        // limit is an entry of the client's one deadline timer, not a sleeping task per call. A plain task, not
        // `Task.immediate`: an immediate task carries a status record that makes every one of its task switches take
        // the task's status lock, which costs more than the hop through the pool it saves.
        // The call is registered before its task exists: the task may reach the network on another thread before
        // the next line runs, and a cancellation by name in between must not miss it.
        let cancellation = CallCancellation()
        let id = inFlight.insert(operationName: operationName) { cancellation.cancel() }
        defer { inFlight.remove(id) }
        let task = Task { try await body() }
        cancellation.attach(task)
        let deadline = deadlines.schedule(after: limit) { task.cancel() }
        do {
            let value = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
            deadlines.cancel(deadline)
            return value
        } catch {
            let timedOut = !deadlines.cancel(deadline)
            if timedOut, !Task.isCancelled {
                throw APIError(.timeout, operationName: operationName, reason: "no response within \(limit)")
            }
            throw APIError(wrapping: error, operationName: operationName)
        }
    }
}
