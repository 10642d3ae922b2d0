import APICoreKit
import Foundation
import Testing

@testable import APICoreJSON

/// An app's interceptors tested on their own: `APIInterceptorNext` is public, so a test hands one a closure as the rest
/// of the chain, with no client and no transport. (This file imports APICoreKit without `@testable` on purpose.)
@Suite("Interceptors in isolation")
struct InterceptorIsolationTests {
    /// An interceptor an app might write: tags each request and turns 418 into an error.
    struct TeapotInterceptor: APIInterceptor {
        struct Teapot: Error {}

        func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
            var request = request
            request.headers["X-Client"] = "tests"
            let response = try await next(request)
            if response.statusCode == 418 { throw Teapot() }
            return response
        }
    }

    let request = HTTPRequest(
        method: .get, url: URL(string: "http://127.0.0.1:1/teapot")!, operationName: "GET /teapot", kind: .rest)

    @Test("an app's interceptor runs against a hand-made next: it sees the changed request and the response")
    func handMadeNext() async throws {
        let seen = Lock<[HTTPRequest]>([])
        let next = APIInterceptorNext { request in
            seen.withLock { $0.append(request) }
            return HTTPResponse(statusCode: 200, body: Data("ok".utf8))
        }
        let response = try await TeapotInterceptor().intercept(request, next: next)
        #expect(response.statusCode == 200)
        #expect(seen.withLock { $0.map { $0.headers["X-Client"] } } == ["tests"])

        let teapot = APIInterceptorNext { _ in HTTPResponse(statusCode: 418) }
        await #expect(throws: TeapotInterceptor.Teapot.self) {
            _ = try await TeapotInterceptor().intercept(request, next: teapot)
        }
    }

    @Test("a shipped interceptor is testable the same way: retry calls next again after a 503")
    func retryWithHandMadeNext() async throws {
        let statuses = Lock([503, 200])
        let next = APIInterceptorNext { request in
            HTTPResponse(statusCode: statuses.withLock { $0.removeFirst() })
        }
        let retry = RetryInterceptor(policy: RetryPolicy(sleep: { _ in }))
        let response = try await retry.intercept(request, next: next)
        #expect(response.statusCode == 200)
        #expect(statuses.withLock { $0.isEmpty })
    }
}
