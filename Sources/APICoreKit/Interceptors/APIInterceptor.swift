/// A step of the request pipeline, shared by REST and GraphQL calls.
///
/// An interceptor receives the request and `next`, the rest of the chain ending in the transport. It can:
/// - change the request before calling `next` (add a header, sign it);
/// - answer without the network by returning a response and never calling `next`;
/// - retry by calling `next` more than once;
/// - observe or change the response `next` returned, or throw an ``APIError``.
///
/// Interceptors run in the order they are configured: the first one is the outermost.
public protocol APIInterceptor: Sendable {
    /// Handles one request.
    func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse
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

    init(interceptors: [any APIInterceptor], transport: any HTTPTransport, maximumResponseSize: Int?) {
        var next = APIInterceptorNext { request in
            var request = request
            if request.maximumResponseSize == nil { request.maximumResponseSize = maximumResponseSize }
            let response = try await transport.send(request)
            // The check for transports that do not stop at the limit themselves.
            if let limit = request.maximumResponseSize, response.body.count > limit {
                throw APIError.responseTooLarge(limit: limit, statusCode: response.statusCode)
            }
            return response
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
