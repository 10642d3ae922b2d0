import APICoreGraphQL
import APICoreJSON
import APICoreKit

/// An interceptor that keeps the last response to pass through it, so that `apicore query` can print the body exactly
/// as the server sent it: data, errors, extensions and any other member.
final class ResponseCapture: APIInterceptor {
    private let last = Lock<HTTPResponse?>(nil)

    /// The last response received, if any arrived.
    var lastResponse: HTTPResponse? {
        last.withLock { $0 }
    }

    func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        let response = try await next(request)
        last.withLock { $0 = response }
        return response
    }
}
