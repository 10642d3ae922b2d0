/// One call's figures, handed to an ``APIMetricsCollector``.
public struct RequestMetrics: Sendable, Hashable {
    /// The GraphQL operation name, or `METHOD path` for REST.
    public var operationName: String
    /// GraphQL or REST.
    public var kind: HTTPRequest.Kind
    /// From the first byte sent to the last byte received, retries included.
    public var duration: Duration
    /// Bytes of the request body.
    public var requestBytes: Int
    /// Bytes of the response body.
    public var responseBytes: Int
    /// The final HTTP status, when a response arrived.
    public var statusCode: Int?
    /// Whether the answer came from a cache rather than the network.
    public var isCacheHit: Bool
    /// The error code, when the call failed.
    public var errorCode: APIError.Code?

    /// Figures for one call.
    public init(
        operationName: String,
        kind: HTTPRequest.Kind,
        duration: Duration,
        requestBytes: Int,
        responseBytes: Int,
        statusCode: Int?,
        isCacheHit: Bool,
        errorCode: APIError.Code?
    ) {
        self.operationName = operationName
        self.kind = kind
        self.duration = duration
        self.requestBytes = requestBytes
        self.responseBytes = responseBytes
        self.statusCode = statusCode
        self.isCacheHit = isCacheHit
        self.errorCode = errorCode
    }
}

/// Receives the figures of every call; `APICoreSwiftMetrics` adapts it to swift-metrics.
public protocol APIMetricsCollector: Sendable {
    /// Records one call.
    func record(_ metrics: RequestMetrics)
}

/// Measures each call that passes through it and hands the figures to a collector.
///
/// Place it first among the interceptors to measure whole calls, retries and token refreshes included.
public struct MetricsInterceptor: APIInterceptor {
    /// Where the figures go.
    public let collector: any APIMetricsCollector

    /// An interceptor reporting to `collector`.
    public init(collector: any APIMetricsCollector) {
        self.collector = collector
    }

    /// Passes the request on and records its duration, sizes, status and error code, whether it succeeded or threw; the
    /// error is rethrown unchanged.
    public func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request)
            collector.record(
                RequestMetrics(
                    operationName: request.operationName, kind: request.kind, duration: clock.now - start,
                    requestBytes: request.bodyStream?.length ?? request.body?.count ?? 0,
                    responseBytes: response.body.count,
                    statusCode: response.statusCode, isCacheHit: response.source == .cache,
                    errorCode: response.isSuccess ? nil : .httpStatus))
            return response
        } catch {
            let apiError = APIError(wrapping: error, operationName: request.operationName)
            collector.record(
                RequestMetrics(
                    operationName: request.operationName, kind: request.kind, duration: clock.now - start,
                    requestBytes: request.bodyStream?.length ?? request.body?.count ?? 0, responseBytes: 0,
                    statusCode: apiError.statusCode,
                    isCacheHit: false, errorCode: apiError.code))
            throw error
        }
    }

    /// Records a call the cache answered, as a cache hit without a status or bytes on the wire.
    public func observe(_ result: CacheServedResult) {
        collector.record(
            RequestMetrics(
                operationName: result.operationName, kind: .graphQL(result.operationType), duration: result.duration,
                requestBytes: 0, responseBytes: 0, statusCode: nil, isCacheHit: true, errorCode: nil))
    }
}
