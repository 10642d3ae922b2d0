import APICoreKit
import Foundation

/// A transport answering from a closure and recording what it was sent: for behaviour that a server cannot show
/// (interceptor ordering, short-circuits) or that no server on PyPI implements (answers written as a specification
/// says), not a stand-in for the live tests.
public final class ClosureTransport: HTTPTransport, @unchecked Sendable {
    private let handler: @Sendable (HTTPRequest) async throws -> HTTPResponse
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []

    public init(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.handler = handler
    }

    /// The requests sent so far, in order.
    public var requests: [HTTPRequest] { lock.withLock { sent } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { sent.append(request) }
        return try await handler(request)
    }

    /// A response of `status` with `text` as its body.
    public static func json(
        _ text: String, status: Int = 200, contentType: String = "application/json"
    )
        -> HTTPResponse
    {
        HTTPResponse(statusCode: status, headers: ["Content-Type": contentType], body: Data(text.utf8))
    }
}
