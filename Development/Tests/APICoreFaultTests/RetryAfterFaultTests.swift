import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON

/// `Retry-After` in both of its forms (RFC 9110 §10.2.3), against a real server: the retry waits what the server
/// asked, and a wait beyond the policy's limit ends the retries.
@Suite("Retry-After", .timeLimit(.minutes(10)))
struct RetryAfterFaultTests {
    /// The waits the retry interceptor asked for, instead of sleeping.
    private final class Waits: Sendable {
        private let recorded = Lock<[Duration]>([])
        func append(_ delay: Duration) { recorded.withLock { $0.append(delay) } }
        var all: [Duration] { recorded.withLock { $0 } }
    }

    private let waits = Waits()
    private static let now = Date(timeIntervalSince1970: 1_795_334_400)  // Sun, 22 Nov 2026 08:00:00 GMT

    private func harness(_ server: FaultServer, transport: TestTransport) -> FaultHarness {
        let policy = RetryPolicy(
            maximumAttempts: 3, maximumDelay: .seconds(60),
            sleep: { [waits] delay in waits.append(delay) }, now: { Self.now })
        return FaultHarness(server: server, transport: transport) {
            $0.interceptors = [RetryInterceptor(policy: policy)]
        }
    }

    @Test(
        "delay-seconds: 429 then 200 waits exactly the seconds asked, then succeeds",
        arguments: TestTransport.allCases)
    func seconds(transport: TestTransport) async throws {
        try await FaultServer.with([
            .response(status: 429, headers: [("Retry-After", "7")]), .json(StarWarsBodies.heroAndFriends),
        ]) { server in
            let response = try await harness(server, transport: transport).heroAndFriends().get()
            #expect(response.value.hero?.name == "R2-D2")
            #expect(server.requestCount == 2)
            #expect(waits.all == [.seconds(7)])
        }
    }

    @Test("HTTP-date: 503 then 200 waits until the date, then succeeds", arguments: TestTransport.allCases)
    func httpDate(transport: TestTransport) async throws {
        try await FaultServer.with([
            .response(status: 503, headers: [("Retry-After", "Sun, 22 Nov 2026 08:00:12 GMT")]),
            .json(StarWarsBodies.heroAndFriends),
        ]) { server in
            let response = try await harness(server, transport: transport).heroAndFriends().get()
            #expect(response.value.hero?.id == "2001")
            #expect(waits.all == [.seconds(12)])
        }
    }

    @Test(
        "a wait beyond the policy's limit is not waited: the 429 is the answer, after one request",
        arguments: TestTransport.allCases)
    func beyondLimit(transport: TestTransport) async throws {
        try await FaultServer.with(.response(status: 429, headers: [("Retry-After", "3600")])) { server in
            let harness = harness(server, transport: transport)
            let error = try #require(harness.error(of: await harness.heroAndFriends()))
            #expect(error.code == .httpStatus)
            #expect(error.statusCode == 429)
            #expect(server.requestCount == 1)
            #expect(waits.all.isEmpty)
            #expect(harness.cachedKeys.isEmpty)
        }
    }

    @Test(
        "a 5xx with a GraphQL body is retried like one without, and the last answer counts",
        arguments: TestTransport.allCases)
    func retriedGraphQLError(transport: TestTransport) async throws {
        try await FaultServer.with(
            .json(#"{"errors":[{"message":"down"}]}"#, status: 503, headers: [("Retry-After", "1")])
        ) { server in
            let harness = harness(server, transport: transport)
            let error = try #require(harness.error(of: await harness.heroAndFriends()))
            #expect(error.code == .graphQL)
            #expect(error.statusCode == 503)
            #expect(server.requestCount == 3)
            #expect(waits.all == [.seconds(1), .seconds(1)])
            #expect(harness.cachedKeys.isEmpty)
        }
    }
}
