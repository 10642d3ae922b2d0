import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@Suite("Cancellation and timeouts")
struct CancellationTests {
    static let slowDocument = "query Slow { slow(delayMs: 20000) }"

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
        await signal.wait(for: ["Slow"])
        task.cancel()
        let result = await task.result
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
        await signal.wait(for: ["Slow", "Quick"])
        #expect(client.cancel(operationNames: ["Slow"]) == 1)
        let slowResult = await slow.result
        #expect((slowResult.failureValue as? APIError)?.code == .cancelled)
        let quick = try await other.value
        #expect(quick.value.slow == "done")
    }

    /// A query the server never answers: a gate no test opens. Only a time limit ends it, so a timeout test does not
    /// depend on how soon a busy machine runs the timer.
    static let neverAnsweredDocument = "query Slow { gated(key: \"never-opened-\(UUID().uuidString)\") }"

    /// Whether `error` is the client's own time limit, not the transport's (which carries its URL loading error).
    static func isClientTimeout(_ error: any Error) -> Bool {
        guard let error = error as? APIError else { return false }
        return error.code == .timeout && error.underlying == nil && error.operationName == "Slow"
    }

    @Test("a call slower than its timeout fails with timeout", arguments: TestTransport.allCases)
    func timeout(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(timeout: .milliseconds(300))
        await #expect {
            _ = try await client.execute(
                document: Self.neverAnsweredDocument, operationName: "Slow", as: JSONValue.self)
        } throws: { error in
            Self.isClientTimeout(error)
        }
    }

    @Test("a per-call timeout overrides the client's", arguments: TestTransport.allCases)
    func perCallTimeout(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(timeout: .seconds(600))
        await #expect {
            _ = try await client.execute(
                document: Self.neverAnsweredDocument, operationName: "Slow", as: JSONValue.self,
                options: RequestOptions(timeout: .milliseconds(200)))
        } throws: { error in
            Self.isClientTimeout(error)
        }
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
