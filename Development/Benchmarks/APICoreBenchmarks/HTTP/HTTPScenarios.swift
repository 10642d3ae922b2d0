import APICoreKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(AsyncHTTPClient)
    import APICoreNIO
    import AsyncHTTPClient
    import NIOCore
    import NIOPosix
#endif

/// Small GraphQL queries to a loopback server through `APIClient` (on the platform's transport), against the
/// same requests through a bare `URLSession` and, where it builds, a bare AsyncHTTPClient. The ratio is of times for
/// the same number of queries, so throughput relative to the baseline is its inverse (a ratio of 1.11 is 90 % of the
/// baseline's throughput).
enum HTTPScenarios {
    /// The bare clients a run compares with.
    enum Baseline: CaseIterable {
        case urlSession
        #if canImport(AsyncHTTPClient)
            case asyncHTTPClient
        #endif
    }

    static let all = Baseline.allCases.flatMap { baseline in
        [scenario(concurrency: 1, baseline: baseline), scenario(concurrency: 16, baseline: baseline)]
    }

    static let document = "query Viewer { viewer { login id name } }"

    /// The transport an app on this platform configures: AsyncHTTPClient (the `APICoreNIO` package) on Linux and
    /// Android, URLSession on Apple platforms.
    static func platformTransport() -> any HTTPTransport {
        #if canImport(AsyncHTTPClient)
            AsyncHTTPClientTransport()
        #else
            URLSessionTransport()
        #endif
    }

    /// What the query's data decodes to.
    struct Viewer: Decodable, Sendable, Equatable {
        struct User: Decodable, Sendable, Equatable {
            let login: String
            let id: String
            let name: String
        }

        let viewer: User
    }

    static func scenario(concurrency: Int, baseline: Baseline) -> BenchmarkScenario {
        let name = concurrency == 1 ? "http.query" : "http.query_\(concurrency)"
        let described: (name: String, baseline: String) =
            switch baseline {
            case .urlSession: (name, "the same POST requests through a bare URLSession (ephemeral)")
            #if canImport(AsyncHTTPClient)
                case .asyncHTTPClient:
                    (name + ".vs_ahc", "the same POST requests through a bare AsyncHTTPClient (own event loop)")
            #endif
            }
        return BenchmarkScenario(
            name: described.name,
            workload: "small queries (--requests, 2,000 by default), \(concurrency) at a time, through APIClient "
                + "(JSON body, JSONReader, Decodable data) to a Hummingbird loopback server",
            baseline: described.baseline + ", bodies read whole"
        ) { context in
            let server = try await LoopbackServer.start()
            do {
                let result = try await measure(context, concurrency: concurrency, url: server.url, baseline: baseline)
                await server.stop()
                return result
            } catch {
                await server.stop()
                throw error
            }
        }
    }

    /// Every query goes on the wire, as each of the baselines' requests does: with request sharing (on by default),
    /// identical queries in flight at once would share one exchange, and the rows would measure sharing, not the
    /// request path.
    static let options = RequestOptions(deduplicates: false)

    static let body = Data(#"{"query":"\#(document)","operationName":"Viewer"}"#.utf8)

    static func measure(
        _ context: BenchmarkContext, concurrency: Int, url: URL, baseline: Baseline
    ) async throws -> BenchmarkResult {
        let client = APIClient(
            configuration: APIClientConfiguration(graphQLEndpoint: url, transport: platformTransport()))
        let bare = try await bareRequest(baseline, url: url)
        let (ours, theirs) = try await Timing.measureAlternating(
            context.timing,
            ours: {
                try await send(context.requests, concurrency: concurrency) {
                    let response = try await client.execute(
                        document: document, operationName: "Viewer", as: Viewer.self, options: options)
                    return response.value.viewer.login == "octocat"
                }
            },
            baseline: {
                try await send(context.requests, concurrency: concurrency, bare.send)
            })
        try await bare.shutdown()
        guard ours.result == context.requests, theirs.result == context.requests else {
            throw BenchmarkFailure(
                "not every request succeeded: \(ours.result) and \(theirs.result) of \(context.requests)")
        }
        return BenchmarkResult(ours: ours.timing, baseline: theirs.timing)
    }

    /// One request of the baseline, and how to release its client.
    struct BareRequest: Sendable {
        let send: @Sendable () async throws -> Bool
        let shutdown: @Sendable () async throws -> Void
    }

    static func bareRequest(_ baseline: Baseline, url: URL) async throws -> BareRequest {
        switch baseline {
        case .urlSession:
            let session = URLSession(configuration: .ephemeral)
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("application/graphql-response+json, application/json", forHTTPHeaderField: "Accept")
            let bare = request
            return BareRequest(
                send: {
                    let (data, response) = try await session.data(for: bare)
                    return (response as? HTTPURLResponse)?.statusCode == 200 && !data.isEmpty
                },
                shutdown: { session.invalidateAndCancel() })
        #if canImport(AsyncHTTPClient)
            case .asyncHTTPClient:
                let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
                let client = HTTPClient(eventLoopGroup: group)
                var request = HTTPClientRequest(url: url.absoluteString)
                request.method = .POST
                request.body = .bytes(ByteBuffer(bytes: body))
                request.headers.add(name: "Content-Type", value: "application/json")
                request.headers.add(name: "Accept", value: "application/graphql-response+json, application/json")
                let bare = request
                return BareRequest(
                    send: {
                        let response = try await client.execute(bare, timeout: .seconds(60))
                        let data = try await response.body.collect(upTo: 1 << 20)
                        return response.status == .ok && data.readableBytes > 0
                    },
                    shutdown: {
                        try await client.shutdown()
                        try await group.shutdownGracefully()
                    })
        #endif
        }
    }

    /// Sends `count` requests with `concurrency` workers; how many came back as expected.
    static func send(
        _ count: Int,
        concurrency: Int,
        _ request: @escaping @Sendable () async throws -> Bool
    ) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<concurrency {
                let share = count / concurrency + (worker < count % concurrency ? 1 : 0)
                group.addTask {
                    var succeeded = 0
                    for _ in 0..<share where try await request() { succeeded += 1 }
                    return succeeded
                }
            }
            return try await group.reduce(0, +)
        }
    }
}
