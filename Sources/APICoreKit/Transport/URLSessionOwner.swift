import APICoreGraphQL
import APICoreJSON
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
    /// The completion handler of a new body stream, as swift-corelibs-foundation declares it.
    typealias BodyStreamHandler = (InputStream?) -> Void
#else
    /// The completion handler of a response head, as Apple's SDK declares it (`@Sendable` since Xcode 16): a delegate
    /// method whose type differs does not witness the optional requirement and would never be called.
    typealias ResponseDispositionHandler = @Sendable (URLSession.ResponseDisposition) -> Void
    /// The completion handler of a new body stream, as Apple's SDK declares it.
    typealias BodyStreamHandler = @Sendable (InputStream?) -> Void
#endif

/// The delegate of a transport's own session: hands each task's head, body chunks and completion to the handler
/// registered for it, so that every request, size-limited or streamed, shares the session's connections.
// Safety: the only state is `handlers`, behind a mutex.
final class URLSessionTaskRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let handlers = Lock<[Int: any URLSessionTaskHandler]>([:])
    /// The streamed bodies of the tasks in flight, to send again from the start when the session asks.
    private let bodies = Lock<[Int: HTTPBodyInputStream.Origin]>([:])
    private let invalidated = Lock(false)

    /// Whether the session has been invalidated, after which it lets go of this delegate.
    var isInvalidated: Bool { invalidated.withLock { $0 } }

    /// Routes the events of `task` to `handler` until the task completes; call it before resuming the task.
    func route(_ task: URLSessionTask, to handler: any URLSessionTaskHandler) {
        handlers.withLock { $0[task.taskIdentifier] = handler }
    }

    /// Creates the data task of `request` in `session` (whose delegate is this router, or whose completion handler is
    /// `completion`), keeping its streamed body, if any: when the session must send the body again (on a new connection
    /// after a kept-alive one closed, after a redirect that keeps the method, for an authentication challenge) it gets
    /// the body again from its start instead of failing the task. The body is let go when the task ends.
    func dataTask(
        with request: URLRequest, in session: URLSession,
        completion: (@Sendable (Data?, URLResponse?, (any Error)?) -> Void)? = nil
    ) -> URLSessionDataTask {
        let body = request.httpBodyStream as? HTTPBodyInputStream
        // Under swift-corelibs-foundation the router also hands back the redirects of any request with a body.
        let routed = body != nil || (URLSessionTransport.followsBodyRedirects && request.httpBody != nil)
        let identifier = Lock<Int?>(nil)
        let task: URLSessionDataTask
        if let completion {
            // Whether a task with a completion handler tells its delegate it ended differs between platforms.
            task = session.dataTask(with: request) { [weak self] data, response, error in
                if let identifier = identifier.withLock({ $0 }) {
                    _ = self?.bodies.withLock { $0.removeValue(forKey: identifier) }
                }
                completion(data, response, error)
            }
        } else {
            task = session.dataTask(with: request)
        }
        guard routed else { return task }
        identifier.withLock { $0 = task.taskIdentifier }
        if let body { bodies.withLock { $0[task.taskIdentifier] = body.origin } }
        // swift-corelibs-foundation asks the task's own delegate, not the session's, for the new stream (a session
        // passed in has a delegate of its own); Apple's Foundation asks the task's delegate first, then the session's.
        task.delegate = self
        return task
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
                let task = dataTask(with: request, in: session)
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
        // A task without a handler (one the session delivers to a completion handler) goes on as it would.
        let accepted = handler(of: dataTask)?.receive(response) ?? true
        completionHandler(accepted ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if handler(of: dataTask)?.receive(data) == false { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        invalidated.withLock { $0 = true }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping BodyStreamHandler
    ) {
        let body = bodies.withLock { $0[task.taskIdentifier] }
        completionHandler(body?.restarted())
    }

    #if canImport(FoundationNetworking)
        /// swift-corelibs-foundation follows a 307 or 308 with the method but sends the body empty; such a redirect of
        /// a request with a body comes back to the transport, which sends the body again itself (`BodyRedirects`).
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            let hasBody = task.originalRequest?.httpBody != nil || task.originalRequest?.httpBodyStream != nil
            completionHandler(hasBody && URLSessionTransport.keepsBody(response.statusCode) ? nil : request)
        }
    #endif

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        _ = bodies.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        let handler = handlers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        handler?.complete(error: error)
    }
}
