import Foundation
import Testing

@testable import APICoreJSON
@testable import APICoreKit

@Suite("Which thrown errors the retry interceptor retries")
struct RetryErrorTests {
    let request = HTTPRequest(
        method: .get, url: URL(string: "http://127.0.0.1:1/users")!, operationName: "GET /users", kind: .rest)

    /// Sends `request` through a retry interceptor whose next throws `error` first, then answers 200; returns how many
    /// attempts were made, or `nil` when the error came through.
    func attempts(throwingFirst error: any Error) async -> Int? {
        let count = Lock(0)
        let next = APIInterceptorNext { _ in
            let attempt = count.withLock { count in
                count += 1
                return count
            }
            if attempt == 1 { throw error }
            return HTTPResponse(statusCode: 200)
        }
        let retry = RetryInterceptor(policy: RetryPolicy(sleep: { _ in }))
        guard (try? await retry.intercept(request, next: next)) != nil else { return nil }
        return count.withLock { $0 }
    }

    @Test(
        "transient network errors are retried",
        arguments: [
            URLError.Code.timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
            .dnsLookupFailed, .cannotFindHost, .resourceUnavailable,
        ])
    func transient(code: URLError.Code) async {
        #expect(await attempts(throwingFirst: URLError(code)) == 2)
        #expect(await attempts(throwingFirst: APIError(.network, underlying: URLError(code))) == 2)
    }

    @Test(
        "TLS, URL, redirect, cancellation and unreadable-response errors are not",
        arguments: [
            URLError.Code.secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .clientCertificateRejected, .badURL, .unsupportedURL, .httpTooManyRedirects, .badServerResponse,
            .cancelled, .userAuthenticationRequired,
        ])
    func permanent(code: URLError.Code) async {
        #expect(await attempts(throwingFirst: URLError(code)) == nil)
        #expect(await attempts(throwingFirst: APIError(.network, underlying: URLError(code))) == nil)
    }

    @Test("a transport's timeout or other network failure is retried; cancellation and decoding errors are not")
    func apiErrors() async {
        struct Reset: Error {}
        #expect(await attempts(throwingFirst: APIError(.timeout)) == 2)
        #expect(await attempts(throwingFirst: APIError(.network, underlying: Reset())) == 2)
        #expect(await attempts(throwingFirst: APIError(.cancelled)) == nil)
        #expect(await attempts(throwingFirst: CancellationError()) == nil)
        #expect(await attempts(throwingFirst: APIError(.decoding)) == nil)
    }
}
