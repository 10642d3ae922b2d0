import APICoreKit
import Synchronization

/// Keeps every `RequestMetrics` it is given.
final class RecordingCollector: APIMetricsCollector {
    private let records = Mutex<[RequestMetrics]>([])

    var all: [RequestMetrics] { records.withLock { $0 } }

    func record(_ metrics: RequestMetrics) {
        records.withLock { $0.append(metrics) }
    }
}
