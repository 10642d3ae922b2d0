import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Foundation
import Testing

/// `apicore subscribe` against the strawberry server.
@Suite("apicore subscribe")
struct SubscribeCommandTests {
    static func endpoint(_ server: ReferenceServer) -> String {
        "ws://127.0.0.1:\(server.port)/graphql"
    }

    @Test("--count 5 prints five JSON lines and exits 0")
    func countFive() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let document = try fixture.file(
            "ticks.graphql", "subscription Ticks($after: Int!) { ticks(after: $after, intervalMs: 10) { sequence } }")
        let result = try await APICoreExecutable.run([
            "subscribe", "--endpoint", Self.endpoint(fixture.server), "--document", document, "--variables",
            #"{"after": 10}"#, "--count", "5",
        ])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        let sequences = try lines.map { try JSONReader().read($0)["data"]?["ticks"]?["sequence"] }
        #expect(sequences == [11, 12, 13, 14, 15])
    }

    @Test("a subscription the server completes early exits 4 after printing what came")
    func completedEarly() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let document = try fixture.file("countdown.graphql", "subscription { countdown(from: 1) }")
        let result = try await APICoreExecutable.run([
            "subscribe", "--endpoint", Self.endpoint(fixture.server), "--document", document, "--count", "5",
        ])
        #expect(result.status == 4)
        #expect(result.output == "{\"data\":{\"countdown\":1}}\n{\"data\":{\"countdown\":0}}\n")
    }

    @Test("a server error exits 4 with the message; an http endpoint is a usage error")
    func errors() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let document = try fixture.file("fail.graphql", "subscription { failAfter(count: 0) }")
        let failed = try await APICoreExecutable.run([
            "subscribe", "--endpoint", Self.endpoint(fixture.server), "--document", document,
        ])
        #expect(failed.status == 4)
        #expect(failed.error.contains("subscription failed"))
        let usage = try await APICoreExecutable.run([
            "subscribe", "--endpoint", fixture.endpoint(), "--document", document,
        ])
        #expect(usage.status == 2)
    }
}
