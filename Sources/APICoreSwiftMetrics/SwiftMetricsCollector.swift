import APICoreKit
import Metrics

/// Reports the request layer's figures through swift-metrics, to whatever backend the app bootstrapped (Prometheus,
/// StatsD, OpenTelemetry).
///
/// Per call it records a timer `<prefix>.duration`, counters `<prefix>.requests`, `<prefix>.failures` and
/// `<prefix>.cache_hits`, and recorders `<prefix>.response_bytes` and `<prefix>.request_bytes`, each with dimensions
/// `operation`, `kind` (`graphql` or `rest`) and, where known, `status` and `error`.
public struct SwiftMetricsCollector: APIMetricsCollector {
    /// The prefix of every metric label.
    public let prefix: String
    /// The factory metrics are created with; `nil` uses the one bootstrapped in `MetricsSystem`.
    public let factory: (any MetricsFactory)?

    /// A collector whose metrics are named `<prefix>.<metric>`.
    public init(prefix: String = "apicore", factory: (any MetricsFactory)? = nil) {
        self.prefix = prefix
        self.factory = factory
    }

    /// Records one call: the duration timer, the request counter and both byte recorders, then the cache-hit counter
    /// for a call the cache answered and the failure counter, with an `error` dimension, for a failed one.
    public func record(_ metrics: RequestMetrics) {
        var dimensions = [
            ("operation", metrics.operationName),
            ("kind", metrics.kind == .rest ? "rest" : "graphql"),
        ]
        if let status = metrics.statusCode { dimensions.append(("status", String(status))) }
        let factory = factory ?? MetricsSystem.factory
        Timer(label: "\(prefix).duration", dimensions: dimensions, factory: factory)
            .recordNanoseconds(nanoseconds(metrics.duration))
        Counter(label: "\(prefix).requests", dimensions: dimensions, factory: factory).increment()
        Recorder(label: "\(prefix).response_bytes", dimensions: dimensions, factory: factory)
            .record(metrics.responseBytes)
        Recorder(label: "\(prefix).request_bytes", dimensions: dimensions, factory: factory)
            .record(metrics.requestBytes)
        if metrics.isCacheHit {
            Counter(label: "\(prefix).cache_hits", dimensions: dimensions, factory: factory).increment()
        }
        if let errorCode = metrics.errorCode {
            let failureDimensions = dimensions + [("error", errorCode.rawValue)]
            Counter(label: "\(prefix).failures", dimensions: failureDimensions, factory: factory).increment()
        }
    }

    private func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
