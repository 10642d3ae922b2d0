import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON

/// `@defer` parts reach the caller as they arrive, through `URLSessionTransport`'s streaming, against strawberry's
/// streaming route. A gated field holds the deferred part on the server until the test opens the gate, so no clock
/// decides anything.
@Suite("Streaming: @defer parts as they arrive", .timeLimit(.minutes(10)))
struct StreamingIncrementalTests {
    @Test(
        "the first part is yielded while the deferred field is still waiting on the server",
        arguments: TestTransport.allCases)
    func firstPartBeforeTheDeferredOneExists(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(path: "/streaming/graphql")
        let gate = live.key
        var responses = client.executeIncrementally(GatedDeferredQuery(id: "1", gate: gate)).makeAsyncIterator()

        let first = try #require(try await responses.next())
        #expect(first.value.user?.name == "Ada Lovelace")
        #expect(first.value.deferredGated == nil)
        // Only now is the deferred resolver released: it was waiting when the first part was delivered.
        #expect(try await live.openGate(gate) == 1)

        let second = try #require(try await responses.next())
        #expect(second.value.user?.name == "Ada Lovelace")
        #expect(second.value.deferredGated?.gated == gate)
        #expect(try await responses.next().map { _ in "another value" } == nil)
    }

    @Test(
        "leaving the loop cancels the request: the server's deferred resolver is cancelled",
        arguments: TestTransport.allCases)
    func leavingTheLoopCancelsTheRequest(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(path: "/streaming/graphql")
        let gate = live.key
        for try await response in client.executeIncrementally(GatedDeferredQuery(id: "2", gate: gate)) {
            #expect(response.value.user?.name == "Grace Hopper")
            break
        }
        let waiters = try await live.gateWaiters(gate, count: 0)
        #expect(waiters.cancelled == 1)
    }

    @Test(
        "interceptors change the request and see the response head; the body streams below them",
        arguments: TestTransport.allCases)
    func interceptorsSeeTheHead(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let heads = HeadRecorder()
        let client = live.client(path: "/streaming/graphql", interceptors: [heads])
        let gate = live.key
        var responses = client.executeIncrementally(GatedDeferredQuery(id: "3", gate: gate)).makeAsyncIterator()
        let first = try #require(try await responses.next())
        #expect(first.value.user?.name == "Alan Turing")
        #expect(heads.seen.map(\.status) == [200])
        #expect(heads.seen.first?.contentType?.hasPrefix("multipart/mixed") == true)
        #expect(heads.seen.first?.bodyBytes == 0)
        #expect(try await live.openGate(gate) == 1)
        let second = try #require(try await responses.next())
        #expect(second.value.deferredGated?.gated == gate)
        #expect(try await live.stats().lastHeaders["x-intercepted"] == "yes")
    }

    @Test("the existing @defer query streams with the same two values", arguments: TestTransport.allCases)
    func userDeferred(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(path: "/streaming/graphql")
        var values: [UserDeferredQuery.Data] = []
        for try await response in client.executeIncrementally(UserDeferredQuery(id: "1")) {
            values.append(response.value)
        }
        try #require(values.count == 2)
        let initial = try #require(values[0].user)
        #expect(initial.deferredDetails == nil)
        #expect(values[1].user?.deferredDetails?.email == "ada@example.com")
    }
}

/// Adds a header field to each request and records the response heads it sees.
final class HeadRecorder: APIInterceptor {
    struct Head: Sendable {
        var status: Int
        var contentType: String?
        var bodyBytes: Int
    }

    private let heads = Lock<[Head]>([])

    var seen: [Head] { heads.withLock { $0 } }

    func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        var request = request
        request.headers["X-Intercepted"] = "yes"
        let response = try await next(request)
        heads.withLock {
            $0.append(
                Head(
                    status: response.statusCode, contentType: response.headers["Content-Type"],
                    bodyBytes: response.body.count))
        }
        return response
    }
}
