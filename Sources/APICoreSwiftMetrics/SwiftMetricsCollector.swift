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

    /// A collector whose metrics are named `<prefix>.<metric>`.
    public init(prefix: String = "apicore") {
        self.prefix = prefix
    }

    public func record(_ metrics: RequestMetrics) {
        var dimensions = [
            ("operation", metrics.operationName),
            ("kind", metrics.kind == .rest ? "rest" : "graphql"),
        ]
        if let status = metrics.statusCode { dimensions.append(("status", String(status))) }
        Timer(label: "\(prefix).duration", dimensions: dimensions).recordNanoseconds(nanoseconds(metrics.duration))
        Counter(label: "\(prefix).requests", dimensions: dimensions).increment()
        Recorder(label: "\(prefix).response_bytes", dimensions: dimensions).record(metrics.responseBytes)
        Recorder(label: "\(prefix).request_bytes", dimensions: dimensions).record(metrics.requestBytes)
        if metrics.isCacheHit {
            Counter(label: "\(prefix).cache_hits", dimensions: dimensions).increment()
        }
        if let errorCode = metrics.errorCode {
            Counter(label: "\(prefix).failures", dimensions: dimensions + [("error", errorCode.rawValue)]).increment()
        }
    }

    private func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
