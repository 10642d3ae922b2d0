import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@Suite("Cancellation and timeouts", .timeLimit(.minutes(10)))
struct CancellationTests {
    static let slowDocument = "query Slow { slow(delayMs: 20000) }"

    /// How long a wait for a request to arrive or a call to end may take before it fails the test instead of hanging
    /// it: far beyond any correct run (the client's own time limit is 120 s), even under a sanitizer on a busy
    /// machine. A bound, never a measure.
    static let bound: Duration = .seconds(180)

    struct SlowResponse: Decodable, Sendable {
        var slow: String
    }

    @Test("cancelling the task aborts the request and throws cancelled", arguments: TestTransport.allCases)
    func taskCancellation(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        // The signal tells when the request has really left for the server, so cancelling cannot race its start.
        let signal = ArrivalSignal()
        let client = live.client(interceptors: [signal])
        let task = Task {
            try await client.execute(document: Self.slowDocument, operationName: "Slow", as: SlowResponse.self)
        }
        defer { task.cancel() }
        let arrived = await completes(within: Self.bound) { await signal.wait(for: ["Slow"]) }
        try #require(arrived, "the request never reached the interceptors")
        task.cancel()
        // A cancelled call that never returned would hang the run here without the bound.
        let ended = await outcome(within: Self.bound) { await task.result }
        let result = try #require(ended, "the cancelled call never ended")
        // Uncancelled, the request would have succeeded with "done" after 20 s.
        #expect((result.failureValue as? APIError)?.code == .cancelled)
        #expect(client.operationsInFlight.isEmpty)
    }

    @Test("cancel(operationNames:) cancels only the named calls", arguments: TestTransport.allCases)
    func cancelByName(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let signal = ArrivalSignal()
        let client = live.client(interceptors: [signal])
        let slow = Task {
            try await client.execute(document: Self.slowDocument, operationName: "Slow", as: SlowResponse.self)
        }
        let other = Task {
            try await client.execute(
                document: "query Quick { slow(delayMs: 300) }", operationName: "Quick", as: SlowResponse.self)
        }
        defer {
            slow.cancel()
            other.cancel()
        }
        let arrived = await completes(within: Self.bound) { await signal.wait(for: ["Slow", "Quick"]) }
        try #require(arrived, "the requests never reached the interceptors")
        #expect(client.cancel(operationNames: ["Slow"]) == 1)
        let slowEnded = await outcome(within: Self.bound) { await slow.result }
        let slowResult = try #require(slowEnded, "the cancelled call never ended")
        #expect((slowResult.failureValue as? APIError)?.code == .cancelled)
        let otherEnded = await outcome(within: Self.bound) { await other.result }
        let quick = try #require(otherEnded, "the call left running never ended").get()
        #expect(quick.value.slow == "done")
    }

    /// A query the server never answers: a gate no test opens. Only a time limit ends it, so a timeout test does not
    /// depend on how soon a busy machine runs the timer.
    static let neverAnsweredDocument = "query Slow { gated(key: \"never-opened-\(UUID().uuidString)\") }"

    /// Whether `error` is the client's own time limit, not the transport's (which carries its URL loading error).
    static func isClientTimeout(_ error: APIError?) -> Bool {
        guard let error else { return false }
        return error.code == .timeout && error.underlying == nil && error.operationName == "Slow"
    }

    /// The error a call of the never-answered query ends with, `nil` if it succeeds. Bounded: a client whose time
    /// limit no longer fires would wait for the server forever.
    static func neverAnsweredError(
        _ client: APIClient, options: RequestOptions = RequestOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> APIError? {
        let ended = await outcome(within: bound) { () async -> APIError? in
            do throws(APIError) {
                _ = try await client.execute(
                    document: Self.neverAnsweredDocument, operationName: "Slow", as: JSONValue.self, options: options)
                return nil
            } catch {
                return error
            }
        }
        return try #require(ended, "the call outlived its time limit by minutes", sourceLocation: sourceLocation)
    }

    @Test("a call slower than its timeout fails with timeout", arguments: TestTransport.allCases)
    func timeout(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let error = try await Self.neverAnsweredError(live.client(timeout: .milliseconds(300)))
        #expect(Self.isClientTimeout(error), "\(String(describing: error))")
    }

    @Test("a per-call timeout overrides the client's", arguments: TestTransport.allCases)
    func perCallTimeout(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let error = try await Self.neverAnsweredError(
            live.client(timeout: .seconds(600)), options: RequestOptions(timeout: .milliseconds(200)))
        #expect(Self.isClientTimeout(error), "\(String(describing: error))")
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
