import APICoreKit
import Foundation

@testable import APICoreGraphQL

/// A transport answering from a closure and recording what it was sent: for interceptor behaviour that a server
/// cannot show (ordering, short-circuits), not a stand-in for the live tests.
final class ClosureTransport: HTTPTransport {
    private let handler: @Sendable (HTTPRequest) async throws -> HTTPResponse
    private let sent = Lock<[HTTPRequest]>([])

    init(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.handler = handler
    }

    var requests: [HTTPRequest] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        sent.withLock { $0.append(request) }
        return try await handler(request)
    }

    static func json(_ text: String, status: Int = 200, contentType: String = "application/json") -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: ["Content-Type": contentType], body: Data(text.utf8))
    }
}
