import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport: HTTPStreamingTransport {
    /// Sends the request and returns once the response head has arrived; the body's chunks follow as `URLSession`
    /// receives them (through the session's delegate, since `bytes(for:)` does not exist in
    /// swift-corelibs-foundation).
    ///
    /// Streamed requests go through the transport's own session, so they share its connections (and HTTP/2) with
    /// each other and, on a session the transport made, with ``send(_:)``. Task cancellation while waiting for the
    /// head, cancelling the task that iterates the body, and ``HTTPStreamingResponse/cancel()`` all cancel the data
    /// task at once.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        try Task.checkCancellation()
        return try await BodyRedirects.follow(
            request, limit: Self.bodyRedirectLimit, applies: Self.needsBodyRedirects, send: streamOnce,
            head: { ($0.head.statusCode, $0.head.headers["Location"]) }, discard: { $0.cancel() })
    }

    /// Starts the request once, returning a redirect as it came.
    private func streamOnce(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        let state = DataTaskState()
        let handler = StreamingTaskHandler(onCancel: { state.cancel() })
        let task = owner.router.dataTask(with: try urlRequest(for: request), in: owner.session)
        owner.router.route(task, to: handler)
        let head = try await withTaskCancellationHandler {
            try await handler.responseHead {
                if state.start(task) { task.resume() }
            }
        } onCancel: {
            state.cancel()
        }
        return HTTPStreamingResponse(head: head, body: handler.body, onCancel: { state.cancel() })
    }
}
