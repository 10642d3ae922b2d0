import APICoreKit
import APICoreTestSupport
import Foundation

@testable import APICoreJSON

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

/// Holds every request until the test opens the gate: lets a test look at the cache while a call is in flight.
final class RequestGate: APIInterceptor {
    private let state = Lock<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

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
