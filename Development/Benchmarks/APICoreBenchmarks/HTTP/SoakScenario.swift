import APICoreKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Memory kept per request: 20 × `--requests` small queries (40,000 by default), 16 at a time, to the loopback server,
/// each side in a child run of this executable so that nothing else the benchmark did counts. The child prints its
/// resident set (`VmRSS`) after a quarter of them (10,000) and after all; what grows between the two is kept per
/// request, not warm-up.
///
/// Sides: `APIClient` on the platform's transport (ours, AsyncHTTPClient on Linux), `APIClient` on the `URLSession` transport, and a bare
/// `URLSession` (the baseline). The timing compared is of the last 30,000 requests.
enum SoakScenario {

    static let scenario = BenchmarkScenario(
        name: "http.soak",
        workload: "40,000 small queries, 16 at a time, through APIClient on the default transport, in a child process; "
            + "resident set after 10,000 and after 40,000 (the APIClient on URLSessionTransport in the JSON line)",
        baseline: "the same queries through a bare URLSession, in a child process"
    ) { context in
        let server = try await LoopbackServer.start()
        let counts = Counts(warm: 5 * context.requests, total: 20 * context.requests)
        do {
            let ours = try child("default", url: server.url, counts: counts)
            let urlSessionTransport = try child("urlsession-transport", url: server.url, counts: counts)
            let bare = try child("bare-urlsession", url: server.url, counts: counts)
            await server.stop()
            var result = BenchmarkResult(
                ours: Timing(samples: [ours.seconds]), baseline: Timing(samples: [bare.seconds]))
            result.extra = [
                ("rss_after_10k_bytes", ours.warm),
                ("rss_after_40k_bytes", ours.soaked),
                ("rss_growth_per_request_bytes", ours.growthPerRequest),
                ("urlsession_transport_rss_growth_per_request_bytes", urlSessionTransport.growthPerRequest),
                ("baseline_rss_growth_per_request_bytes", bare.growthPerRequest),
            ]
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// How many requests a child sends before its first reading, and in all.
    struct Counts {
        let warm: Int
        let total: Int
    }

    /// One child's figures: resident set after the warm requests and after all of them, and the time of the rest.
    struct Figures {
        let warm: Double
        let soaked: Double
        let seconds: Double
        let counts: Counts

        var growthPerRequest: Double { (soaked - warm) / Double(counts.total - counts.warm) }
    }

    private static func child(_ side: String, url: URL, counts: Counts) throws -> Figures {
        guard let executable = Bundle.main.executableURL else {
            throw BenchmarkFailure("cannot find this executable to run it as a child")
        }
        let result = try ChildProcess.run(
            executable, ["--soak-child", side, url.absoluteString, String(counts.warm), String(counts.total)],
            in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        guard result.status == 0 else { throw ChildProcessFailure("the soak child (\(side))", result) }
        let text = String(decoding: result.output, as: UTF8.self)
        let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard fields.count == 3 else { throw BenchmarkFailure("the soak child (\(side)) printed '\(text)'") }
        return Figures(warm: fields[0], soaked: fields[1], seconds: fields[2], counts: counts)
    }

    /// The child's side: sends the requests and prints `VmRSS` after the warm ones and after all, in bytes, then the
    /// seconds the rest took.
    static func runChild(side: String, url: URL, counts: Counts) async throws {
        let send: @Sendable () async throws -> Bool
        switch side {
        case "default", "urlsession-transport":
            let transport = side == "default" ? HTTPScenarios.platformTransport() : URLSessionTransport()
            let client = APIClient(configuration: APIClientConfiguration(graphQLEndpoint: url, transport: transport))
            send = {
                let response = try await client.execute(
                    document: HTTPScenarios.document, operationName: "Viewer", as: HTTPScenarios.Viewer.self,
                    options: HTTPScenarios.options)
                return response.value.viewer.login == "octocat"
            }
        case "bare-urlsession":
            send = try await HTTPScenarios.bareRequest(.urlSession, url: url).send
        default:
            throw BenchmarkFailure("unknown side '\(side)' (default, urlsession-transport or bare-urlsession)")
        }
        guard try await HTTPScenarios.send(counts.warm, concurrency: 16, send) == counts.warm else {
            throw BenchmarkFailure("not every warm request succeeded")
        }
        let warm = try residentSet()
        let clock = ContinuousClock()
        let start = clock.now
        let rest = counts.total - counts.warm
        guard try await HTTPScenarios.send(rest, concurrency: 16, send) == rest else {
            throw BenchmarkFailure("not every request succeeded")
        }
        let elapsed = start.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("\(warm) \(try residentSet()) \(seconds)")
    }

    /// `VmRSS` of this process, in bytes.
    static func residentSet() throws -> Int {
        try PeakMemory.memoryFigure("VmRSS")
    }
}
