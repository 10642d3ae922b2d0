import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport: HTTPStreamingTransport {
    /// Sends the request and returns once the response head has arrived; the body's chunks follow as `URLSession`
    /// receives them (through a data delegate, since `bytes(for:)` does not exist in swift-corelibs-foundation).
    ///
    /// Each streamed request runs in a session of its own, made from ``session``'s configuration and invalidated when
    /// the request completes, so it shares no connection with ``send(_:)``. Task cancellation while waiting for the
    /// head, cancelling the task that iterates the body, and ``HTTPStreamingResponse/cancel()`` all cancel the data
    /// task at once.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        try Task.checkCancellation()
        let state = DataTaskState()
        let delegate = StreamingTaskDelegate(onCancel: { state.cancel() })
        let streamingSession = URLSession(configuration: session.configuration, delegate: delegate, delegateQueue: nil)
        let task = streamingSession.dataTask(with: try urlRequest(for: request))
        let head = try await withTaskCancellationHandler {
            try await delegate.responseHead {
                if state.start(task) { task.resume() }
            }
        } onCancel: {
            state.cancel()
        }
        return HTTPStreamingResponse(head: head, body: delegate.body, onCancel: { state.cancel() })
    }
}
