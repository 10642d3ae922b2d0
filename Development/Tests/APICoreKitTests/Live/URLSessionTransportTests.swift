import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session a `URLSessionTransport` makes: one per transport, shared by its plain, size-limited and streamed
/// requests, and invalidated, with its delegate, when the last copy of the transport goes. (On Apple platforms a
/// `URLSession` keeps itself and its delegate until it is invalidated: a transport that never invalidated its
/// session leaked both, and a connection pool, per client. swift-corelibs-foundation frees a session nobody holds,
/// so here the tests see the invalidation itself: the delegate is told, and then let go.)
@Suite("URLSession transport: one session per transport, released with it", .timeLimit(.minutes(10)))
struct URLSessionTransportTests {
    /// What outlives a transport if it leaks.
    struct Remains {
        weak var session: URLSession?
        weak var streamingSession: URLSession?
        /// Held here, so that the test can ask it whether its session told it of the invalidation.
        let router: URLSessionTaskRouter

        init(_ transport: URLSessionTransport) {
            session = transport.session
            router = transport.owner.router
            streamingSession = transport.owner.session
        }

        var isReleased: Bool { session == nil && streamingSession == nil && router.isInvalidated }
    }

    /// A GET of the server's health route, streamed.
    static func health(_ live: LiveClient) -> HTTPRequest {
        HTTPRequest(method: .get, url: live.server.url("/health"), operationName: "health", kind: .rest)
    }

    /// Waits until every one of `remains` is released and invalidated, for at most 60 s (a bound against a leak, not
    /// a measure: the session tells its delegate on its own queue).
    static func released(_ remains: [Remains]) async -> [Remains] {
        let deadline = ContinuousClock.now + .seconds(60)
        var left = remains.filter { !$0.isReleased }
        while !left.isEmpty, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
            left = left.filter { !$0.isReleased }
        }
        return left
    }

    @Test("1,000 clients made, used and released leave no session and no delegate behind")
    func thousandClientsReleased() async throws {
        let live = try await LiveClient.strawberry(transport: .urlSession)
        var remains: [Remains] = []
        for index in 0..<1_000 {
            let transport = URLSessionTransport()
            remains.append(Remains(transport))
            // Every 50th client sends a query (through the size-limited path the client takes) and a streamed
            // request, so that released sessions include ones with connections open.
            if index % 50 == 0 {
                let client = live.client { $0.transport = transport }
                let user = try await client.execute(UserDetailsQuery(id: "1"))
                #expect(user.value.user?.name == "Ada Lovelace")
                let streamed = try await transport.stream(Self.health(live))
                var body = Data()
                for try await chunk in streamed.body { body.append(chunk) }
                #expect(streamed.head.statusCode == 200 && !body.isEmpty)
            }
        }
        let left = await Self.released(remains)
        #expect(left.count == 0, "\(left.count) of 1,000 transports left a session behind, or never invalidated it")
    }

    @Test("streamed requests share the transport's own session, and leave no task routed once they end")
    func streamsShareTheSession() async throws {
        let live = try await LiveClient.strawberry(transport: .urlSession)
        let transport = URLSessionTransport()
        #expect(transport.owner.session === transport.session)
        for _ in 0..<20 {
            let streamed = try await transport.stream(Self.health(live))
            for try await _ in streamed.body {}
        }
        #expect(transport.owner.router.routedTaskCount == 0)
    }

    @Test("a session passed in stays the caller's and keeps working; the transport's own streaming session goes")
    func passedSessionStaysTheCallers() async throws {
        let live = try await LiveClient.strawberry(transport: .urlSession)
        let session = URLSession(configuration: .ephemeral)
        var transport: URLSessionTransport? = URLSessionTransport(session: session)
        weak let streamingSession = transport?.owner.session
        let streamingRouter = try #require(transport?.owner.router)
        #expect(streamingSession !== session)
        do {
            // A streamed response holds its task, and so its session, while it lives.
            let streamed = try await #require(transport).stream(Self.health(live))
            for try await _ in streamed.body {}
        }
        transport = nil

        let deadline = ContinuousClock.now + .seconds(60)
        while streamingSession != nil || !streamingRouter.isInvalidated, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        #expect(streamingSession == nil && streamingRouter.isInvalidated)
        let (_, response) = try await session.data(from: live.server.url("/health"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        session.finishTasksAndInvalidate()
    }
}
