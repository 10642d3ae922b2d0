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
public struct APIInterceptorNext: Sendable {
    private let run: @Sendable (HTTPRequest) async throws -> HTTPResponse

    init(_ run: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.run = run
    }

    /// Sends `request` through the rest of the chain.
    public func callAsFunction(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await run(request)
    }
}

/// The configured interceptors in front of a transport.
struct InterceptorChain: Sendable {
    let interceptors: [any APIInterceptor]
    let transport: any HTTPTransport

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await makeNext(from: 0)(request)
    }

    private func makeNext(from index: Int) -> APIInterceptorNext {
        guard index < interceptors.count else {
            let transport = transport
            return APIInterceptorNext { request in try await transport.send(request) }
        }
        let interceptor = interceptors[index]
        let next = makeNext(from: index + 1)
        return APIInterceptorNext { request in try await interceptor.intercept(request, next: next) }
    }
}
