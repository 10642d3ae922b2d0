import APICoreKit
import APICoreTestSupport
import Foundation
import StarWarsFixture
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Faults of the connection itself: nothing listening, a connection that dies, a server that never finishes or never
/// answers. Each call ends with its typed error within its time limit, and the cache holds nothing.
@Suite("Connection faults", .timeLimit(.minutes(10)))
struct ConnectionFaultTests {
    @Test(
        "nothing listening: a network error that says the server refused the connection",
        arguments: TestTransport.allCases)
    func connectionRefused(transport: TestTransport) async throws {
        let server = try await FaultServer(.silence)
        try await server.stop()
        // A port held but not listening, not the stopped server's: another test's server could have been given that.
        let port = try RefusingPort()
        let harness = FaultHarness(server: server, endpoint: port.url(), transport: transport)
        let error = try #require(harness.error(of: await harness.heroAndFriends()))
        #expect(error.code == .network)
        #expect(error.reason?.contains("refused") == true)
        #expect(harness.cachedKeys.isEmpty)
        withExtendedLifetime(port) {}
    }

    /// Connections that die before a whole response arrived: reset in the middle of the body, reset before any
    /// response, closed short of the declared `Content-Length`.
    static let brokenConnections: [FaultServer.Fault] = [
        .resetMidBody(declaredLength: 4_000, sent: Array(StarWarsBodies.heroAndFriends.utf8.prefix(60))),
        .rawThenReset([]),
        .raw(
            Array(
                ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n"
                    + #"{"data":{"hero":"#).utf8)),
    ]

    @Test(
        "a connection that dies before the whole response is a network error, never a partial result",
        arguments: TestTransport.allCases, brokenConnections)
    func brokenConnection(transport: TestTransport, _ fault: FaultServer.Fault) async throws {
        try await FaultServer.with(fault) { server in
            let harness = FaultHarness(server: server, transport: transport)
            let error = try #require(harness.error(of: await harness.heroAndFriends()))
            #expect(error.code == .network)
            #expect(harness.cachedKeys.isEmpty)
        }
    }

    @Test(
        "a body that never ends times out at the call's limit and the connection is closed",
        arguments: TestTransport.allCases)
    func endlessBody(transport: TestTransport) async throws {
        try await FaultServer.with(.endlessBody(interval: .milliseconds(20))) { server in
            let harness = FaultHarness(server: server, transport: transport) { $0.timeout = .seconds(1) }
            let error = try #require(harness.error(of: await harness.heroAndFriends()))
            #expect(error.code == .timeout)
            await harness.waitUntilAbandoned()
            #expect(harness.cachedKeys.isEmpty)
        }
    }

    @Test(
        "a response slower than the timeout is a timeout, and the request is abandoned",
        arguments: TestTransport.allCases)
    func slowerThanTimeout(transport: TestTransport) async throws {
        try await FaultServer.with(.delayed(.seconds(60), then: .json(StarWarsBodies.heroAndFriends))) { server in
            let harness = FaultHarness(server: server, transport: transport) { $0.timeout = .seconds(1) }
            let error = try #require(harness.error(of: await harness.heroAndFriends()))
            #expect(error.code == .timeout)
            await harness.waitUntilAbandoned()
            #expect(harness.cachedKeys.isEmpty)
        }
    }

    @Test("a per-call timeout overrides the configured one", arguments: TestTransport.allCases)
    func perCallTimeout(transport: TestTransport) async throws {
        try await FaultServer.with(.silence) { server in
            let harness = FaultHarness(server: server, transport: transport) { $0.timeout = .seconds(600) }
            var options = RequestOptions()
            options.timeout = .seconds(1)
            let error = try #require(
                harness.error(of: await harness.execute(HeroAndFriendsNamesWithIDsQuery(), options: options)))
            #expect(error.code == .timeout)
            #expect(harness.cachedKeys.isEmpty)
        }
    }

    /// A 100 MB answer, with its `Content-Length` (refused at the head, before the body, at the default limit) or of
    /// unknown length (cut off once 4 MiB have arrived, so the test does not wait for 64 MiB on a loaded machine).
    /// Either way the transfer stops early: the server sees the client go away.
    @Test(
        "a 100 MB response is refused at the limit and the transfer stops",
        arguments: TestTransport.allCases,
        [(true, APIClientConfiguration.defaultMaximumResponseSize), (false, 4 << 20)])
    func hundredMegabytes(transport: TestTransport, response: (declaresLength: Bool, limit: Int)) async throws {
        let (declaresLength, limit) = response
        try await FaultServer.with(
            .large(size: 100_000_000, declaresLength: declaresLength, chunk: Self.spaces)
        ) { server in
            let harness = FaultHarness(server: server, transport: transport) {
                $0.maximumResponseSize = limit
                $0.timeout = .seconds(90)
            }
            let error = try #require(harness.error(of: await harness.heroAndFriends()))
            #expect(error.code == .responseTooLarge)
            #expect(error.statusCode == 200)
            #expect(error.reason == "the response body is larger than the limit of \(limit) bytes")
            await harness.waitUntilAbandoned()
            #expect(harness.cachedKeys.isEmpty)
        }
    }

    @Test(
        "the size limit is configurable: a small limit refuses a normal answer, no limit accepts it",
        arguments: TestTransport.allCases)
    func configurableLimit(transport: TestTransport) async throws {
        #expect(APIClientConfiguration(graphQLEndpoint: Self.anyEndpoint).maximumResponseSize == 64 << 20)
        try await FaultServer.with(.json(StarWarsBodies.heroAndFriends)) { server in
            let small = FaultHarness(server: server, transport: transport) { $0.maximumResponseSize = 100 }
            let error = try #require(small.error(of: await small.heroAndFriends()))
            #expect(error.code == .responseTooLarge)
            #expect(small.cachedKeys.isEmpty)

            let unlimited = FaultHarness(server: server, transport: transport) { $0.maximumResponseSize = nil }
            let response = try await unlimited.heroAndFriends().get()
            #expect(response.value.hero?.friends?.count == 2)
        }
    }

    @Test("a transport that cannot stop early is held to the limit once its body arrived")
    func limitWithCallerSession() async throws {
        try await FaultServer.with(.json(StarWarsBodies.heroAndFriends)) { server in
            let harness = FaultHarness(server: server, transport: .urlSession) {
                $0.transport = URLSessionTransport(session: URLSession(configuration: .ephemeral))
                $0.maximumResponseSize = 100
            }
            let error = try #require(harness.error(of: await harness.heroAndFriends()))
            #expect(error.code == .responseTooLarge)
            #expect(harness.cachedKeys.isEmpty)
        }
    }

    static let anyEndpoint = URL(string: "http://127.0.0.1:1/graphql")!

    /// 64 KiB of spaces: JSON whitespace, so only the size can fail the call.
    static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64 << 10)
}
