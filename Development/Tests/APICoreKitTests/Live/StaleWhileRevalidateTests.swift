import APICoreKit
import APICoreSQLite
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON

/// Stale data served at once and refreshed from the server, over a SQLite cache on a clock the test moves; the
/// server answers with `Cache-Control: max-age=60`.
@Suite("Permissive reads and stale-while-revalidate, live")
struct StaleWhileRevalidateTests {
    static let path = "/cache-control/max-age=60/graphql"

    /// A store over a new SQLite file in `folder` on `clock`.
    static func cache(in folder: URL, clock: ManualDate) throws -> CacheStore {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sqlite = try SQLiteNormalizedCache(fileURL: folder.appendingPathComponent("cache.sqlite"))
        return CacheStore(cache: sqlite, now: { clock.now })
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("swr-\(UUID().uuidString)")
    }

    @Test(
        "stale data comes at once and the server's after it, to fetch, watch and execute callers and to other watchers",
        arguments: TestTransport.allCases)
    func staleThenFresh(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = ManualDate()
        let client = live.client(cache: try Self.cache(in: folder, clock: clock), path: Self.path)
        // Changes the server's data without touching the cache.
        let editor = live.client()
        let query = ProductQuery(id: "1")
        let swr = RequestOptions(cachePolicy: .staleWhileRevalidate)

        _ = try await client.execute(query)
        // Another screen watches the product as cacheFirst.
        var screen = client.watch(query).makeAsyncIterator()
        #expect(try await screen.next()?.get().value.product?.title == "Analytical Engine")

        // Fresh data is answered from the cache alone.
        let fresh = try await client.execute(query, options: swr)
        #expect(fresh.metadata.source == .cache)
        #expect(!fresh.metadata.isStale)
        #expect(try await live.requestCount() == 1)

        _ = try await editor.execute(UpdateProductMutation(id: "1", title: "Difference Engine"))
        clock.advance(by: 61)
        var responses: [APIResponse<ProductQuery.Data>] = []
        for try await response in client.fetch(query, cachePolicy: .staleWhileRevalidate) { responses.append(response) }
        #expect(responses.count == 2)
        #expect(responses.first?.metadata.source == .cache)
        #expect(responses.first?.metadata.isStale == true)
        #expect(responses.first?.value.product?.title == "Analytical Engine")
        #expect(responses.first?.metadata.staleFields.contains { $0.path == ["product", "title"] } == true)
        #expect(responses.last?.metadata.source == .network)
        #expect(responses.last?.metadata.isStale == false)
        #expect(responses.last?.value.product?.title == "Difference Engine")
        #expect(try await screen.next()?.get().value.product?.title == "Difference Engine")
        // The refresh made the cache fresh again: a strict read answers.
        let strict = try await client.execute(query, options: RequestOptions(cachePolicy: .cacheOnly))
        #expect(strict.value.product?.title == "Difference Engine")

        // A watch with the policy: the stale value, then the server's.
        _ = try await editor.execute(UpdateProductMutation(id: "1", title: "Z3"))
        clock.advance(by: 61)
        var watch = client.watch(query, cachePolicy: .staleWhileRevalidate).makeAsyncIterator()
        let stale = try await watch.next()?.get()
        #expect(stale?.metadata.isStale == true)
        #expect(stale?.value.product?.title == "Difference Engine")
        let revalidated = try await watch.next()?.get()
        #expect(revalidated?.metadata.source == .network)
        #expect(revalidated?.value.product?.title == "Z3")
        #expect(try await screen.next()?.get().value.product?.title == "Z3")

        // execute takes one value: the stale one, while the refresh reaches the watchers behind it.
        _ = try await editor.execute(UpdateProductMutation(id: "1", title: "ENIAC"))
        clock.advance(by: 61)
        let returned = try await client.execute(query, options: swr)
        #expect(returned.metadata.source == .cache)
        #expect(returned.metadata.isStale)
        #expect(returned.value.product?.title == "Z3")
        #expect(try await screen.next()?.get().value.product?.title == "ENIAC")
    }

    @Test(
        "a failed refresh leaves the stale value marked; strict reads miss it, permissive ones within maxStale serve it",
        arguments: TestTransport.allCases)
    func failedRevalidation(transport: TestTransport) async throws {
        let server = try await ReferenceServer.start(.strawberry)
        let live = LiveClient(server: server, key: LiveClient.uniqueKey(#function), transport: transport)
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = ManualDate()
        let client = live.client(cache: try Self.cache(in: folder, clock: clock), path: Self.path)
        let query = ProductQuery(id: "2")
        _ = try await client.execute(query)
        server.stop()
        clock.advance(by: 90)

        var responses: [APIResponse<ProductQuery.Data>] = []
        let error = await #expect(throws: APIError.self) {
            for try await response in client.fetch(query, cachePolicy: .staleWhileRevalidate) {
                responses.append(response)
            }
        }
        #expect(error?.code == .network)
        #expect(responses.count == 1)
        #expect(responses.first?.metadata.isStale == true)
        #expect(responses.first?.value.product?.title == "Compiler")

        let returned = try await client.execute(query, options: RequestOptions(cachePolicy: .staleWhileRevalidate))
        #expect(returned.metadata.isStale)

        // Still stale in the cache: a strict read misses on expiry, a permissive one serves it marked.
        let strict = await #expect(throws: APIError.self) {
            try await client.execute(query, options: RequestOptions(cachePolicy: .cacheOnly))
        }
        #expect(strict?.cacheError?.code == .expired)
        let permissive = try await client.execute(
            query, options: RequestOptions(cachePolicy: .cacheOnly, cacheFreshness: .permissive(maxStale: .seconds(60)))
        )
        #expect(permissive.metadata.isStale)
        #expect(permissive.value.product?.title == "Compiler")
        // 30 s past expiry is more than a maxStale of 10 s.
        let tooStale = await #expect(throws: APIError.self) {
            try await client.execute(
                query,
                options: RequestOptions(cachePolicy: .cacheOnly, cacheFreshness: .permissive(maxStale: .seconds(10))))
        }
        #expect(tooStale?.cacheError?.code == .expired)
        // The same bound applies to what stale-while-revalidate serves: too stale is a miss, so the network answers.
        let bounded = await #expect(throws: APIError.self) {
            try await client.execute(
                query,
                options: RequestOptions(
                    cachePolicy: .staleWhileRevalidate, cacheFreshness: .permissive(maxStale: .seconds(10))))
        }
        #expect(bounded?.code == .network)
    }

    // The limit guards against a hang, as the live suites' 10 minutes do: it counts the shared strawberry server's
    // start, which on a fresh machine under CI's load took two minutes by itself (the Python environment's install),
    // and this test alone ran out of a 2-minute limit there, on both transports.
    @Test(
        "a watch that opted in refetches when its data expires, once per expiry, and delivers the server's value",
        .timeLimit(.minutes(10)), arguments: TestTransport.allCases)
    func refetchOnExpiry(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The real clock: the server's answers live one second. The watch's requests after its first wait for the
        // test's permit, so the edit lands before the refetch, whatever the machine's load, and no refetch reaches
        // the server unseen.
        let cache = CacheStore(cache: try SQLiteNormalizedCache(fileURL: folder.appendingPathComponent("cache.sqlite")))
        let permits = PermitGate(free: 1)
        let client = live.client(cache: cache, path: "/cache-control/max-age=1/graphql", interceptors: [permits])
        defer { permits.openForGood() }
        let query = ProductQuery(id: "3")
        var watch = client.watch(query, options: RequestOptions(refetchesOnExpiry: true)).makeAsyncIterator()
        let first = try await watch.next()?.get()
        #expect(first?.metadata.source == .network)
        let title = try #require(first?.value.product?.title)
        _ = try await live.client().execute(UpdateProductMutation(id: "3", title: .some(title + " II")))

        // The data expires; the refetch waits at the gate until let through.
        await permits.waitForWaiter()
        permits.permitOne()
        let refetched = try await watch.next()?.get()
        #expect(refetched?.metadata.source == .network)
        #expect(refetched?.value.product?.title == title + " II")
        // The query, the edit and one refetch; the next expiry's refetch, if it has come, waits at the gate.
        #expect(try await live.requestCount() == 3)
    }
}

/// Lets the first `free` requests through, then holds each one until the test permits it: the test decides when a
/// request reaches the server.
final class PermitGate: APIInterceptor {
    private struct State {
        var free: Int
        var permits = 0
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var watchers: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Lock<State>

    init(free: Int) {
        state = Lock(State(free: free))
    }

    /// Lets one held (or the next) request through.
    func permitOne() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.permits += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.resume()
    }

    /// Lets every held and later request through.
    func openForGood() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once a request is held at the gate.
    func waitForWaiter() async {
        await withCheckedContinuation { continuation in
            let held = state.withLock { state in
                if state.waiters.isEmpty { state.watchers.append(continuation) }
                return !state.waiters.isEmpty
            }
            if held { continuation.resume() }
        }
    }

    func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        await withCheckedContinuation { continuation in
            let (passes, watchers) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                if state.isOpen { return (true, []) }
                if state.free > 0 {
                    state.free -= 1
                    return (true, [])
                }
                if state.permits > 0 {
                    state.permits -= 1
                    return (true, [])
                }
                state.waiters.append(continuation)
                defer { state.watchers = [] }
                return (false, state.watchers)
            }
            if passes { continuation.resume() }
            for watcher in watchers { watcher.resume() }
        }
        return try await next(request)
    }
}
