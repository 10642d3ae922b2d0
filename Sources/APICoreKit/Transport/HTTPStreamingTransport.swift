import Foundation

/// A transport that can hand over a response's body as it arrives, for responses that come in parts: `@defer`
/// results and subscription events over `multipart/mixed`.
///
/// The client streams through the interceptors: they see the response head (status and header fields, an empty
/// body) as soon as it arrives, and can retry or replace it as with any response; the body then flows below them,
/// straight from the transport to the client. See ``APIClient/executeIncrementally(_:options:)``.
public protocol HTTPStreamingTransport: HTTPTransport {
    /// Sends the request and returns once the response head has arrived; the body follows in
    /// ``HTTPStreamingResponse/body``.
    ///
    /// Throws as ``HTTPTransport/send(_:)`` does, only when no HTTP response arrived. Task cancellation while waiting
    /// for the head aborts the request.
    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse
}

/// A response whose body is still arriving.
///
/// Iterating ``body`` yields the body's bytes in chunks as they arrive, finishes at its end and throws when the
/// connection fails before it. Cancelling the iterating task, or calling ``cancel()``, aborts the request.
public struct HTTPStreamingResponse: Sendable {
    /// The status and header fields; its body is empty.
    public var head: HTTPResponse
    /// The body's bytes, chunk by chunk, as they arrive.
    public var body: AsyncThrowingStream<Data, any Error>
    private let onCancel: @Sendable () -> Void
    /// The most bytes the client reads of the body, or of each part of a multipart body; `nil` for no limit.
    var maximumSize: Int?

    /// A response with the given head and body; `onCancel` aborts the request behind the body.
    public init(
        head: HTTPResponse,
        body: AsyncThrowingStream<Data, any Error>,
        onCancel: @escaping @Sendable () -> Void
    ) {
        self.head = head
        self.body = body
        self.onCancel = onCancel
    }

    /// Aborts the request: for a body that will not be read. Iterating ``body`` then ends.
    public func cancel() {
        onCancel()
    }

    /// A response whose whole body is already here, as from a transport that does not stream.
    init(whole response: HTTPResponse) {
        var head = response
        head.body = Data()
        let body = response.body
        self.init(
            head: head,
            body: AsyncThrowingStream { continuation in
                if !body.isEmpty { continuation.yield(body) }
                continuation.finish()
            },
            onCancel: {})
    }

    /// The whole body, once it has arrived; fails with ``APIError/Code/responseTooLarge`` (and stops the request) as
    /// soon as it passes ``maximumSize``.
    func collectBody() async throws -> Data {
        var whole = Data()
        for try await chunk in body {
            whole.append(chunk)
            if let maximumSize, whole.count > maximumSize {
                cancel()
                throw APIError.responseTooLarge(limit: maximumSize, statusCode: head.statusCode)
            }
        }
        try Task.checkCancellation()
        return whole
    }
}
