import APICoreGraphQL
import APICoreKit
import DevelopmentSupport

/// A metrics collector that keeps the figures of every request, in the order they finished, for the demo's closing
/// comparison of REST and GraphQL.
public final class RequestLog: APIMetricsCollector {
    private let entries = Lock<[RequestMetrics]>([])

    /// An empty log.
    public init() {}

    /// Keeps `metrics`.
    public func record(_ metrics: RequestMetrics) {
        entries.withLock { $0.append(metrics) }
    }

    /// Every request recorded so far.
    public var requests: [RequestMetrics] { entries.withLock { $0 } }
}
