import APICoreKit

@testable import APICoreJSON

/// Holds requests until `count` of them have arrived, then lets them all through at once: makes "many requests in
/// flight at the same moment" deterministic instead of a matter of scheduling.
final class RequestBarrier: APIInterceptor {
    private let count: Int
    private let state = Lock<(arrived: Int, waiters: [CheckedContinuation<Void, Never>])>((0, []))

    init(count: Int) {
        self.count = count
    }

    func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        if request.headers["Authorization"] == "Bearer stale-token" {
            await withCheckedContinuation { continuation in
                let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    state.arrived += 1
                    state.waiters.append(continuation)
                    guard state.arrived >= count else { return [] }
                    defer { state.waiters = [] }
                    return state.waiters
                }
                for waiter in released { waiter.resume() }
            }
        }
        return try await next(request)
    }
}

/// Signals each request that reaches it, so a test can wait until a call is really in flight.
final class ArrivalSignal: APIInterceptor {
    let arrivals: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() {
        (arrivals, continuation) = AsyncStream.makeStream()
    }

    func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        continuation.yield(request.operationName)
        return try await next(request)
    }

    /// Waits until requests with all of these operation names have reached the interceptor.
    func wait(for names: Set<String>) async {
        var pending = names
        for await arrived in arrivals {
            pending.remove(arrived)
            if pending.isEmpty { return }
        }
    }
}
