import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON
@testable import APICoreKit

/// A transport that holds every request until the test answers it, and counts what it was sent: what a server cannot
/// show of sharing (mutations, errors, an exchange whose every caller left).
final class HeldTransport: HTTPTransport {
    private struct State {
        var sent = 0
        /// Requests that reached the point of waiting for an answer (held, answered or cancelled since).
        var parked = 0
        var cancelled = 0
        var held: [Int: CheckedContinuation<HTTPResponse, any Error>] = [:]
        var watchers: [(sent: Int, continuation: CheckedContinuation<Void, Never>)] = []

        mutating func reachedWatchers() -> [CheckedContinuation<Void, Never>] {
            let reached = watchers.filter { $0.sent <= parked }.map(\.continuation)
            watchers.removeAll { $0.sent <= parked }
            return reached
        }
    }

    private let state = Lock(State())

    var sentCount: Int { state.withLock { $0.sent } }
    var cancelledCount: Int { state.withLock { $0.cancelled } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = state.withLock { state in
            state.sent += 1
            return state.sent
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let (watchers, isCancelled) = state.withLock { state in
                    state.parked += 1
                    // Cancelled before it was held: the handler below found nothing to resume.
                    if Task.isCancelled {
                        state.cancelled += 1
                    } else {
                        state.held[id] = continuation
                    }
                    return (state.reachedWatchers(), Task.isCancelled)
                }
                for watcher in watchers { watcher.resume() }
                if isCancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                let continuation = state.held.removeValue(forKey: id)
                if continuation != nil { state.cancelled += 1 }
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Returns once `count` requests have been sent and are held.
    func waitForSent(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let isReached = state.withLock { state in
                if state.parked >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if isReached { continuation.resume() }
        }
    }

    /// Answers every held request with `result`.
    func answer(_ result: Result<HTTPResponse, any Error>) {
        let held = state.withLock { state in
            defer { state.held = [:] }
            return Array(state.held.values)
        }
        for continuation in held { continuation.resume(with: result) }
    }
}

@Suite("Sharing identical requests in flight")
struct DeduplicationUnitTests {

    static func client(_ transport: HeldTransport) -> APIClient {
        APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport))
    }

    @Test("identical mutations in flight are each sent")
    func mutationsAreNotShared() async throws {
        let transport = HeldTransport()
        let client = Self.client(transport)
        async let first = client.execute(UpdateProductMutation(id: "1", title: "Engine"))
        async let second = client.execute(UpdateProductMutation(id: "1", title: "Engine"))
        await transport.waitForSent(2)
        transport.answer(.success(ClosureTransport.json(ProductBodies.update)))
        let titles = try await [first.value.updateProduct?.title, second.value.updateProduct?.title]
        #expect(titles == ["Engine", "Engine"])
        #expect(transport.sentCount == 2)
    }

    @Test("a query whose options turn sharing off is sent even when an identical one is in flight")
    func optionOff() async throws {
        let transport = HeldTransport()
        let client = Self.client(transport)
        async let shared = client.execute(ProductQuery(id: "1"))
        await client.inFlightRequests.waitForWaiters(1)
        async let own = client.execute(ProductQuery(id: "1"), options: RequestOptions(deduplicates: false))
        await transport.waitForSent(2)
        transport.answer(.success(ClosureTransport.json(ProductBodies.product)))
        let titles = try await [shared.value.product?.title, own.value.product?.title]
        #expect(titles == ["Engine", "Engine"])
        #expect(transport.sentCount == 2)
    }

    /// Gives the first request it sees a 16-byte response limit and every later one 1 MiB.
    struct SmallLimitFirst: APIInterceptor {
        let seen = Lock(0)

        func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
            var request = request
            request.maximumResponseSize = seen.increment() == 1 ? 16 : 1 << 20
            return try await next(request)
        }
    }

    /// (Were the second query to join the first's exchange, the second request would never be sent: the time limit
    /// fails the test instead of leaving it waiting.)
    @Test(
        "identical queries with different response-size limits are each sent: the smaller fails only its caller",
        .timeLimit(.minutes(1)))
    func differentLimitsAreNotShared() async throws {
        let transport = HeldTransport()
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport,
                interceptors: [SmallLimitFirst()]))
        let small = Task { try await client.execute(ProductQuery(id: "1")) }
        await transport.waitForSent(1)
        let large = Task { try await client.execute(ProductQuery(id: "1")) }
        await transport.waitForSent(2)
        transport.answer(.success(ClosureTransport.json(ProductBodies.product)))
        let error = await #expect(throws: APIError.self) { try await small.value }
        #expect(error?.code == .responseTooLarge)
        #expect(try await large.value.value.product?.title == "Engine")
        #expect(transport.sentCount == 2)
    }

    @Test("an error of the shared request reaches every caller", .timeLimit(.minutes(1)))
    func errorsReachEveryCaller() async throws {
        let transport = HeldTransport()
        let client = Self.client(transport)
        let tasks = (0..<5).map { _ in Task { try await client.execute(ProductQuery(id: "1")) } }
        await client.inFlightRequests.waitForWaiters(5)
        // The callers wait from the moment they join; the exchange reaches the transport on a task of its own, and
        // only a request that has reached it can be answered.
        await transport.waitForSent(1)
        transport.answer(.failure(URLError(.cannotConnectToHost)))
        for task in tasks {
            let error = await #expect(throws: APIError.self) { try await task.value }
            #expect(error?.code == .network)
        }
        #expect(transport.sentCount == 1)
    }

    @Test("when every caller is cancelled the request is cancelled, and the next identical query is sent anew")
    func everyCallerCancelled() async throws {
        let transport = HeldTransport()
        let client = Self.client(transport)
        let tasks = (0..<3).map { _ in Task { try await client.execute(ProductQuery(id: "1")) } }
        await client.inFlightRequests.waitForWaiters(3)
        await transport.waitForSent(1)
        for task in tasks { task.cancel() }
        for task in tasks { await #expect(throws: APIError.self) { try await task.value } }
        async let again = client.execute(ProductQuery(id: "1"))
        await transport.waitForSent(2)
        transport.answer(.success(ClosureTransport.json(ProductBodies.product)))
        #expect(try await again.value.product?.title == "Engine")
        #expect(transport.cancelledCount == 1)
    }
}
