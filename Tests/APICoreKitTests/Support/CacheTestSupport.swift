import APICoreKit
import APICoreTestSupport
import Foundation
import Synchronization

extension LiveClient {
    /// A client of the server's `path` that answers from and writes to `cache`, carrying the test key.
    func client(
        cache: CacheStore,
        path: String = "/graphql",
        interceptors: [any APIInterceptor] = [],
        defaultCachePolicy: CachePolicy = .cacheFirst
    ) -> APIClient {
        client(path: path, interceptors: interceptors) { configuration in
            configuration.cache = cache
            configuration.defaultCachePolicy = defaultCachePolicy
        }
    }

    /// How many requests the server has received with this client's key.
    func requestCount() async throws -> Int {
        try await stats().requests
    }
}

/// A clock for a ``CacheStore`` that moves only when the test says so.
final class ManualDate: Sendable {
    private let date = Mutex(Date(timeIntervalSince1970: 1_700_000_000))

    var now: Date { date.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// Holds every request until the test opens the gate: lets a test look at the cache while a call is in flight.
final class RequestGate: APIInterceptor {
    private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Lets held and later requests through.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
        return try await next(request)
    }
}
