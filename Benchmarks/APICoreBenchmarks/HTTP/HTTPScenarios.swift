import APICoreKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Small GraphQL queries to a loopback server through `APIClient`, against the same requests through a bare
/// `URLSession`. The ratio is of times for the same number of queries, so throughput relative to `URLSession` is
/// its inverse (a ratio of 1.11 is 90 % of `URLSession`'s throughput).
enum HTTPScenarios {
    static let all = [scenario(concurrency: 1), scenario(concurrency: 16)]

    static let document = "query Viewer { viewer { login id name } }"

    /// What the query's data decodes to.
    struct Viewer: Decodable, Sendable, Equatable {
        struct User: Decodable, Sendable, Equatable {
            let login: String
            let id: String
            let name: String
        }

        let viewer: User
    }

    static func scenario(concurrency: Int) -> BenchmarkScenario {
        BenchmarkScenario(
            name: concurrency == 1 ? "http.query" : "http.query_\(concurrency)",
            workload: "small queries (--requests, 2,000 by default), \(concurrency) at a time, through APIClient "
                + "(JSON body, JSONReader, Decodable data) to a Hummingbird loopback server",
            baseline: "the same POST requests through a bare URLSession (ephemeral), bodies unread"
        ) { context in
            let server = try await LoopbackServer.start()
            do {
                let result = try await measure(context, concurrency: concurrency, url: server.url)
                await server.stop()
                return result
            } catch {
                await server.stop()
                throw error
            }
        }
    }

    static func measure(_ context: BenchmarkContext, concurrency: Int, url: URL) async throws -> BenchmarkResult {
        let client = APIClient(url: url)
        let session = URLSession(configuration: .ephemeral)
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"query":"\#(document)","operationName":"Viewer"}"#.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/graphql-response+json, application/json", forHTTPHeaderField: "Accept")
        let bare = request

        let (ours, baseline) = try await Timing.measureAlternating(
            context.timing,
            ours: {
                try await send(context.requests, concurrency: concurrency) {
                    let response = try await client.execute(
                        document: document, operationName: "Viewer", as: Viewer.self)
                    return response.value.viewer.login == "octocat"
                }
            },
            baseline: {
                try await send(context.requests, concurrency: concurrency) {
                    let (data, response) = try await session.data(for: bare)
                    return (response as? HTTPURLResponse)?.statusCode == 200 && !data.isEmpty
                }
            })
        guard ours.result == context.requests, baseline.result == context.requests else {
            throw BenchmarkFailure(
                "not every request succeeded: \(ours.result) and \(baseline.result) of \(context.requests)")
        }
        return BenchmarkResult(ours: ours.timing, baseline: baseline.timing)
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
