/// A step of the request pipeline, shared by REST and GraphQL calls.
///
/// An interceptor receives the request and `next`, the rest of the chain ending in the transport. It can:
/// - change the request before calling `next` (add a header, sign it);
/// - answer without the network by returning a response and never calling `next`;
/// - retry by calling `next` more than once;
/// - observe or change the response `next` returned, or throw an ``APIError``.
///
/// Interceptors run in the order they are configured: the first one is the outermost.
///
/// A call the normalized cache answers sends no request, so it never reaches ``intercept(_:next:)``; interceptors
/// that observe results (metrics, logging) see it through ``observe(_:)``.
public protocol APIInterceptor: Sendable {
    /// Handles one request.
    func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse

    /// Sees a call the client answered from its normalized cache without a request (a `cacheFirst` hit, a
    /// `cacheOnly` read, the cached value of `cacheAndNetwork`, `networkFirst`'s fallback, a watch's first value).
    /// By default it does nothing.
    func observe(_ result: CacheServedResult)
}

extension APIInterceptor {
    /// Does nothing, for interceptors that only handle requests.
    public func observe(_ result: CacheServedResult) {}
}

/// A call answered from the normalized cache, as the interceptors see it.
public struct CacheServedResult: Sendable, Hashable {
    /// The operation's name.
    public var operationName: String
    /// The operation's kind.
    public var operationType: GraphQLOperationType
    /// How long reading the cache took.
    public var duration: Duration
    /// For `networkFirst`'s fallback: the code of the network failure the cache answered for.
    public var networkErrorCode: APIError.Code?

    /// A result.
    public init(
        operationName: String, operationType: GraphQLOperationType, duration: Duration,
        networkErrorCode: APIError.Code? = nil
    ) {
        self.operationName = operationName
        self.operationType = operationType
        self.duration = duration
        self.networkErrorCode = networkErrorCode
    }
}

/// The rest of the interceptor chain, ending in the transport.
///
/// The client builds one per link when it is created. To unit-test an interceptor without a client, make one from a
/// closure that stands for the rest of the chain:
///
/// ```swift
/// let next = APIInterceptorNext { request in HTTPResponse(statusCode: 503) }
/// let response = try await MyInterceptor().intercept(request, next: next)
/// ```
public struct APIInterceptorNext: Sendable {
    private let run: @Sendable (HTTPRequest) async throws -> HTTPResponse

    /// The rest of a chain that `run` stands for.
    public init(_ run: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.run = run
    }

    /// Sends `request` through the rest of the chain.
    public func callAsFunction(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await run(request)
    }
}

/// The configured interceptors in front of a transport, linked once when the client is created.
struct InterceptorChain: Sendable {
    private let first: APIInterceptorNext

    /// The chain of `interceptors` in front of `transport`; requests marked ``HTTPRequest/deduplicates`` share their
    /// exchange through `sharing` when there is one, and requests marked ``HTTPRequest/batches`` go in batches through
    /// `batcher` when there is one (after sharing: identical queries make one member of a batch).
    init(
        interceptors: [any APIInterceptor],
        transport: any HTTPTransport,
        maximumResponseSize: Int?,
        sharing: InFlightRequestSharing? = nil,
        batcher: RequestBatcher? = nil
    ) {
        let exchange: @Sendable (HTTPRequest) async throws -> HTTPResponse = { request in
            let response = try await transport.send(request)
            // The check for transports that do not stop at the limit themselves.
            if let limit = request.maximumResponseSize, response.body.count > limit {
                throw APIError.responseTooLarge(limit: limit, statusCode: response.statusCode)
            }
            return response
        }
        let batchedExchange: @Sendable (HTTPRequest) async throws -> HTTPResponse = { request in
            if request.batches, let batcher { return try await batcher.send(request, through: exchange) }
            return try await exchange(request)
        }
        var next = APIInterceptorNext { request in
            var request = request
            if request.maximumResponseSize == nil { request.maximumResponseSize = maximumResponseSize }
            if request.deduplicates, let sharing { return try await sharing.send(request, through: batchedExchange) }
            return try await batchedExchange(request)
        }
        for interceptor in interceptors.reversed() {
            let rest = next
            next = APIInterceptorNext { request in try await interceptor.intercept(request, next: rest) }
        }
        first = next
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await first(request)
    }
}
