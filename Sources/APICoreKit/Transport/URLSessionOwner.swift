import APICoreGraphQL
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A session the package made (a ``URLSessionTransport``'s, a WebSocket connector's), with the one delegate that
/// routes each task's events to the request that started it. Every copy of its user shares it; when the last one
/// goes, the session is told to finish its tasks and is invalidated, which releases the delegate (a `URLSession`
/// keeps its delegate, and its connections, until then).
package final class URLSessionOwner: Sendable {
    /// The session.
    package let session: URLSession
    let router: URLSessionTaskRouter

    /// A new session with `configuration`.
    package init(configuration: URLSessionConfiguration) {
        let router = URLSessionTaskRouter()
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
        self.router = router
    }

    deinit {
        session.finishTasksAndInvalidate()
    }
}

/// What one delegate-driven task does with its events: a size-limited body being collected, or a body streamed to
/// its reader.
protocol URLSessionTaskHandler: AnyObject, Sendable {
    /// Takes the response head; `false` cancels the task.
    func receive(_ response: URLResponse) -> Bool
    /// Takes a chunk of the body; `false` cancels the task.
    func receive(_ data: Data) -> Bool
    /// The task ended, with the session's error if it failed.
    func complete(error: (any Error)?)
}

#if canImport(FoundationNetworking)
    /// The completion handler of a response head, as swift-corelibs-foundation declares it.
    typealias ResponseDispositionHandler = (URLSession.ResponseDisposition) -> Void
#else
    /// The completion handler of a response head, as Apple's SDK declares it (`@Sendable` since Xcode 16): a delegate
    /// method whose type differs does not witness the optional requirement and would never be called.
    typealias ResponseDispositionHandler = @Sendable (URLSession.ResponseDisposition) -> Void
#endif

/// The delegate of a transport's own session: hands each task's head, body chunks and completion to the handler
/// registered for it, so that every request, size-limited or streamed, shares the session's connections.
// Safety: the only state is `handlers`, behind a mutex.
final class URLSessionTaskRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let handlers = Lock<[Int: any URLSessionTaskHandler]>([:])
    private let invalidated = Lock(false)

    /// Whether the session has been invalidated, after which it lets go of this delegate.
    var isInvalidated: Bool { invalidated.withLock { $0 } }

    /// Routes the events of `task` to `handler` until the task completes; call it before resuming the task.
    func route(_ task: URLSessionTask, to handler: any URLSessionTaskHandler) {
        handlers.withLock { $0[task.taskIdentifier] = handler }
    }

    /// How many tasks have a handler: the requests in flight.
    var routedTaskCount: Int { handlers.withLock { $0.count } }

    private func handler(of task: URLSessionTask) -> (any URLSessionTaskHandler)? {
        handlers.withLock { $0[task.taskIdentifier] }
    }

    /// Sends `request` in `session` (whose delegate is this router) and returns the whole response, failing with
    /// ``APIError/Code/responseTooLarge`` once the body passes `limit` bytes.
    func send(_ request: URLRequest, in session: URLSession, limit: Int) async throws -> HTTPResponse {
        let state = DataTaskState()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                route(task, to: BoundedBodyCollector(limit: limit, continuation: continuation))
                if state.start(task) { task.resume() }
            }
        } onCancel: {
            state.cancel()
        }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping ResponseDispositionHandler
    ) {
        let accepted = handler(of: dataTask)?.receive(response) ?? false
        completionHandler(accepted ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if handler(of: dataTask)?.receive(data) == false { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        invalidated.withLock { $0 = true }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let handler = handlers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        handler?.complete(error: error)
    }
}
