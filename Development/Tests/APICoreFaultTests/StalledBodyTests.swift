import APICoreKit
import APICoreTestSupport
import Foundation
import StarWarsFixture
import Testing

#if canImport(AsyncHTTPClient)
    import APICoreNIO
    import AsyncHTTPClient
    import NIOCore
    import NIOPosix
#endif

/// A server that sends a head and part of the body, then nothing, the connection open: the call ends at the client's
/// time limit, and waiting costs (almost) nothing.
@Suite("A body that stalls", .timeLimit(.minutes(10)))
struct StalledBodyTests {
    static let stall = FaultServer.Fault.stalledBody(declaredLength: 1_000, sent: Array(#"{"data": {"hero""#.utf8))

    @Test(
        "the call fails with the client's timeout, and the server sees the client leave",
        arguments: TestTransport.allCases)
    func failsAtTheTimeLimit(transport: TestTransport) async throws {
        try await FaultServer.with(Self.stall) { server in
            let harness = FaultHarness(server: server, transport: transport) { $0.timeout = .milliseconds(500) }
            let error = try #require(harness.error(of: await harness.heroAndFriends()))
            #expect(error.code == .timeout)
            await harness.waitUntilAbandoned()
            #expect(harness.cachedKeys.isEmpty)
        }
    }

    #if canImport(AsyncHTTPClient)
        /// Swift-corelibs-foundation's `URLSession` polls its sockets in a loop while a body stalls (a core for the
        /// whole stall); AsyncHTTPClient waits on the event loop. The bound is the event loop's CPU time as a share
        /// of the stall's wall time, which polling fills and waiting leaves almost empty, however slow the machine.
        @Test("a stall costs the AsyncHTTPClient transport's event loop a small share of its length in CPU")
        func stallCostsNoCPU() async throws {
            try await FaultServer.with(Self.stall) { server in
                let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
                let httpClient = HTTPClient(eventLoopGroup: group)
                let clock = try await group.next().submit { () -> clockid_t in
                    var clock = clockid_t()
                    pthread_getcpuclockid(pthread_self(), &clock)
                    return clock
                }.get()
                let client = APIClient(
                    configuration: APIClientConfiguration(
                        graphQLEndpoint: server.endpoint, transport: AsyncHTTPClientTransport(client: httpClient),
                        timeout: .seconds(4)))

                let started = ContinuousClock.now
                let before = Self.cpuSeconds(clock)
                let result = await Result { try await client.execute(HeroNameQuery()) }
                let spent = Self.cpuSeconds(clock) - before
                let stalled: Double = (ContinuousClock.now - started) / .seconds(1)

                #expect((result.failureValue as? APIError)?.code == .timeout)
                // A quarter: polling gets more of a core than that even when shared; waiting's ms (x15 under TSan) far less.
                #expect(spent < stalled / 4, "the event loop spent \(spent) s of CPU in a \(stalled) s stall")
                try await httpClient.shutdown()
                try await group.shutdownGracefully()
            }
        }

        /// The CPU time `clock` (a thread's CPU clock) has counted, in seconds.
        static func cpuSeconds(_ clock: clockid_t) -> Double {
            var time = timespec()
            clock_gettime(clock, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
    #endif
}

extension Result where Failure == any Error {
    /// The outcome of an async throwing call.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }

    var failureValue: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
