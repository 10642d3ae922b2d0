import APICoreKit
import Foundation
import Logging

@testable import APICoreJSON

/// A swift-log handler that keeps every message with its level and metadata, to check what a fallback logs.
final class CapturingLogHandler: LogHandler, Sendable {
    private let lines = Lock<[String]>([])

    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }
    var logLevel: Logger.Level {
        get { .trace }
        set {}
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    func log(event: LogEvent) {
        let rendered = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        lines.withLock { $0.append("\(event.level) \(event.message) \(rendered.joined(separator: " "))") }
    }

    var messages: [String] { lines.withLock { $0 } }

    /// A logger writing here.
    var logger: Logger { Logger(label: "FeatureKitTests") { _ in self } }
}

/// Holds back the requests of one operation until the test opens it, so a test can look at the app's state while
/// the request is in flight (an optimistic update, for instance) without racing the server's answer.
final class GateInterceptor: APIInterceptor {
    private struct State {
        var isOpen = false
        var waiting: [CheckedContinuation<Void, Never>] = []
        var arrivals: [CheckedContinuation<Void, Never>] = []
        var arrived = 0
    }

    let operationName: String
    private let state = Lock(State())

    init(holding operationName: String) {
        self.operationName = operationName
    }

    func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        if request.operationName == operationName {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let arrivals = state.withLock { state in
                    state.arrived += 1
                    defer { state.arrivals = [] }
                    if state.isOpen {
                        continuation.resume()
                    } else {
                        state.waiting.append(continuation)
                    }
                    return state.arrivals
                }
                for arrival in arrivals { arrival.resume() }
            }
        }
        return try await next(request)
    }

    /// Returns once a held request has arrived.
    func waitForRequest() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            state.withLock { state in
                if state.arrived > 0 { continuation.resume() } else { state.arrivals.append(continuation) }
            }
        }
    }

    /// Lets every held request, and every later one, through.
    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
