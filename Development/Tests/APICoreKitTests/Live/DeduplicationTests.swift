import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreKit

/// Identical queries in flight share one request, against the strawberry reference server. The gated field holds the
/// answer on the server until the test opens its gate, and the client says when every caller has joined, so nothing
/// here depends on a clock.
@Suite("Identical queries in flight share one request")
struct DeduplicationTests {
    static let document = "query Gated($key: String!) { gated(key: $key) }"

    /// The answer of the gated query for `gate`.
    static func gated(
        _ client: APIClient, _ gate: String, headers: HTTPHeaders = HTTPHeaders()
    ) async throws -> String? {
        try await client.execute(
            document: document, variables: ["key": .string(gate)], as: JSONValue.self,
            options: RequestOptions(headers: headers)
        ).value["gated"]?.stringValue
    }

    @Test(
        "50 concurrent identical queries reach the server as one request, and all 50 callers get the answer",
        arguments: TestTransport.allCases)
    func fiftyIdenticalQueries(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client()
        let gate = live.key
        let answers = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<50 { group.addTask { try await Self.gated(client, gate) } }
            await client.inFlightRequests.waitForWaiters(50)
            #expect(try await live.gateWaiters(gate, count: 1).waiting == 1)
            #expect(try await live.openGate(gate) == 1)
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(answers.count == 50)
        #expect(answers.allSatisfy { $0 == gate })
        #expect(try await live.stats().requests == 1)
    }

    @Test(
        "queries with other variables or another authorization are requests of their own",
        arguments: TestTransport.allCases)
    func differentRequests(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client()
        let (first, second) = (live.key + "-a", live.key + "-b")
        async let plain = Self.gated(client, first)
        async let otherVariables = Self.gated(client, second)
        async let otherToken = Self.gated(client, first, headers: ["Authorization": "Bearer other"])
        async let sameAsPlain = Self.gated(client, first)
        await client.inFlightRequests.waitForWaiters(4)
        // Three requests wait on the server at once: the two on the first gate did not share.
        #expect(try await live.gateWaiters(first, count: 2).waiting == 2)
        #expect(try await live.gateWaiters(second, count: 1).waiting == 1)
        _ = try await live.openGate(first)
        _ = try await live.openGate(second)
        let answers = try await [plain, otherVariables, otherToken, sameAsPlain]
        #expect(answers == [first, second, first, first])
        #expect(try await live.stats().requests == 3)
    }

    @Test(
        "cancelling 49 of 50 callers ends their waits at once and the request still answers the last",
        arguments: TestTransport.allCases)
    func cancelledCallers(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client()
        let gate = live.key
        let tasks = (0..<50).map { _ in Task { try await Self.gated(client, gate) } }
        await client.inFlightRequests.waitForWaiters(50)
        _ = try await live.gateWaiters(gate, count: 1)
        for task in tasks.dropLast() { task.cancel() }
        for task in tasks.dropLast() {
            let error = await #expect(throws: APIError.self) { try await task.value }
            #expect(error?.code == .cancelled)
        }
        await client.inFlightRequests.waitForWaiters(1)
        #expect(try await live.openGate(gate) == 1)
        #expect(try await tasks[49].value == gate)
        #expect(try await live.stats().requests == 1)
        // The request was answered, not cancelled, on the server.
        #expect(try await live.gateWaiters(gate, count: 0).cancelled == 0)
    }
}
