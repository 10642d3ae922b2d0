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

    // MARK: A hostile server (on loopback, in the test process)

    /// The ticks of the JSON lines `output` holds.
    static func ticks(_ output: String) throws -> [JSONValue?] {
        try output.split(separator: "\n").map { try JSONReader().read(String($0))["data"]?["tick"] }
    }

    static func subscribe(_ server: HostileWebSocketServer, _ options: [String]) async throws -> CommandResult {
        let fixture = try ValidateFixture()
        defer { fixture.removeFiles() }
        let document = try fixture.file("ticks.graphql", "subscription Ticks { tick }")
        return try await APICoreExecutable.run(
            ["subscribe", "--endpoint", server.url.absoluteString, "--document", document] + options)
    }

    @Test("a cut connection is reopened with a note on stderr, and its events count toward --count")
    func ridesThroughACut() async throws {
        try await withStopping(try await HostileWebSocketServer([.drop(afterEvents: 2), .serve(events: 3)])) { server in
            let result = try await Self.subscribe(server, ["--count", "5"])
            #expect(result.status == 0, "\(result.error)")
            #expect(try Self.ticks(result.output) == [1, 2, 3, 4, 5])
            #expect(result.error.contains("note: connection lost: "))
            #expect(result.error.contains("note: reconnecting in "))
            #expect(result.error.contains("note: reconnected; the subscription was sent again (connection 2)"))
            #expect(server.connectionCount == 2)
        }
    }

    @Test("a silent server is found by the pings within --keep-alive seconds, left, and the events go on")
    func ridesThroughASilentPeer() async throws {
        let behaviours: [HostileWebSocketServer.Behaviour] = [.goSilent(afterEvents: 2), .serve(events: 3)]
        try await withStopping(try await HostileWebSocketServer(behaviours)) { server in
            let result = try await Self.subscribe(server, ["--count", "5", "--keep-alive", "4"])
            #expect(result.status == 0, "\(result.error)")
            #expect(try Self.ticks(result.output) == [1, 2, 3, 4, 5])
            #expect(
                result.error.contains("note: connection lost: no pong within 2.0 seconds of a ping (close code 4499)"))
            #expect(server.closeCodesReceived.contains(4499))
        }
    }

    @Test("a server that refuses the connection (4403) exits 5 at once, with no reconnection")
    func refusedExitsAtOnce() async throws {
        let behaviours: [HostileWebSocketServer.Behaviour] = [.refuseInit(code: 4403, reason: "Forbidden")]
        try await withStopping(try await HostileWebSocketServer(behaviours)) { server in
            let result = try await Self.subscribe(server, ["--count", "5"])
            #expect(result.status == 5)
            #expect(result.output.isEmpty)
            #expect(result.error.contains("Forbidden"))
            #expect(!result.error.contains("reconnecting"))
            #expect(server.connectionCount == 1)
        }
    }

    @Test("--reconnect-attempts 0 exits 5 at the first cut, after printing what came")
    func noReconnection() async throws {
        try await withStopping(try await HostileWebSocketServer([.drop(afterEvents: 2), .serve(events: 3)])) { server in
            let result = try await Self.subscribe(server, ["--count", "5", "--reconnect-attempts", "0"])
            #expect(result.status == 5)
            #expect(try Self.ticks(result.output) == [1, 2])
            #expect(server.connectionCount == 1)
        }
    }

    @Test("--keep-alive and --reconnect-attempts out of range are usage errors that say so")
    func invalidOptions() async throws {
        let cases = [
            ("--keep-alive=-1", "--keep-alive must be"), ("--keep-alive=0.01", "--keep-alive must be"),
            ("--keep-alive=1e300", "--keep-alive must be"), ("--reconnect-attempts=-2", "--reconnect-attempts must be"),
        ]
        for (option, message) in cases {
            let result = try await APICoreExecutable.run(
                ["subscribe", "--endpoint", "ws://127.0.0.1:1/graphql", "--document", "x.graphql", option])
            #expect(result.status == 2, "\(option)")
            #expect(result.error.contains(message), "\(option): \(result.error)")
        }
    }
}
