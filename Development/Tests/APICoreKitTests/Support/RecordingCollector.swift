import APICoreKit

@testable import APICoreJSON

/// Keeps every `RequestMetrics` it is given.
final class RecordingCollector: APIMetricsCollector {
    private let records = Lock<[RequestMetrics]>([])

    var all: [RequestMetrics] { records.withLock { $0 } }

    func record(_ metrics: RequestMetrics) {
        records.withLock { $0.append(metrics) }
    }
}
