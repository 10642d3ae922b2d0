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

    /// Waits until the client reports the named call in flight, so cancelling cannot race the start.
    func waitUntilInFlight(_ client: APIClient, _ name: String) async {
        while !client.operationsInFlight.contains(name) { await Task.yield() }
    }

    @Test("cancelling the task aborts the request and throws cancelled")
    func taskCancellation() async throws {
        let live = try await LiveClient.strawberry()
        let client = live.client()
        let clock = ContinuousClock()
        let start = clock.now
        let task = Task {
            try await client.execute(document: Self.slowDocument, operationName: "Slow", as: SlowResponse.self)
        }
        await waitUntilInFlight(client, "Slow")
        task.cancel()
        let result = await task.result
        #expect(throws: APIError.self) { try result.get() }
        #expect((result.failureValue as? APIError)?.code == .cancelled)
        // The slow field takes 20 s; an uncancelled request could not have finished yet.
        #expect(clock.now - start < .seconds(20))
        #expect(client.operationsInFlight.isEmpty)
    }

    @Test("cancel(operationNames:) cancels only the named calls")
    func cancelByName() async throws {
        let live = try await LiveClient.strawberry()
        let client = live.client()
        let slow = Task {
            try await client.execute(document: Self.slowDocument, operationName: "Slow", as: SlowResponse.self)
        }
        let other = Task {
            try await client.execute(
                document: "query Quick { slow(delayMs: 300) }", operationName: "Quick", as: SlowResponse.self)
        }
        await waitUntilInFlight(client, "Slow")
        await waitUntilInFlight(client, "Quick")
        #expect(client.cancel(operationNames: ["Slow"]) == 1)
        let slowResult = await slow.result
        #expect((slowResult.failureValue as? APIError)?.code == .cancelled)
        let quick = try await other.value
        #expect(quick.value.slow == "done")
    }

    @Test("a call slower than its timeout fails with timeout")
    func timeout() async throws {
        let live = try await LiveClient.strawberry()
        let client = live.client(timeout: .milliseconds(300))
        await #expect {
            _ = try await client.execute(document: Self.slowDocument, operationName: "Slow", as: SlowResponse.self)
        } throws: { error in
            let error = error as? APIError
            return error?.code == .timeout && error?.operationName == "Slow"
        }
    }

    @Test("a per-call timeout overrides the client's")
    func perCallTimeout() async throws {
        let live = try await LiveClient.strawberry()
        let client = live.client(timeout: .seconds(60))
        await #expect {
            _ = try await client.execute(
                document: Self.slowDocument, operationName: "Slow", as: SlowResponse.self,
                options: RequestOptions(timeout: .milliseconds(200)))
        } throws: { error in
            (error as? APIError)?.code == .timeout
        }
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
