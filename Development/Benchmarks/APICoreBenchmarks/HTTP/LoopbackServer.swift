import Foundation
import Hummingbird
import Logging

/// A Hummingbird server on 127.0.0.1 that answers every `POST /graphql` with the same small GraphQL response, so
/// that what the `http.*` scenarios time is the client.
struct LoopbackServer: Sendable {
    /// The body of every answer.
    static let response = #"{"data":{"viewer":{"login":"octocat","id":"MDQ6VXNlcjU4MzIzMQ==","name":"The Octocat"}}}"#

    /// `http://127.0.0.1:PORT/graphql`.
    let url: URL
    private let task: Task<Void, any Error>

    /// Starts the server on a free port and returns once it accepts connections.
    static func start() async throws -> LoopbackServer {
        let router = Router()
        let body = ByteBuffer(string: response)
        router.post("/graphql") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
        }
        var logger = Logger(label: "apicore-bench.server")
        // Shutting down with keep-alive connections still open logs errors that say nothing about the benchmark.
        logger.logLevel = .critical
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "apicore-bench"),
            onServerRunning: { channel in
                boundContinuation.yield(channel.localAddress?.port ?? 0)
                boundContinuation.finish()
            },
            logger: logger)
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = bound.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            try await task.value
            throw BenchmarkFailure("the loopback server did not start")
        }
        return LoopbackServer(url: URL(string: "http://127.0.0.1:\(port)/graphql")!, task: task)
    }

    /// Stops the server (cancelling its task shuts it down gracefully) and waits for it.
    func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}
