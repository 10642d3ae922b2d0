import APICoreGraphQL
import APICoreJSON
import Foundation

/// Shares one network exchange among identical requests in flight: the first starts it, the ones that arrive while it
/// is in flight wait for its response, and every waiter gets the response or the error.
///
/// Requests are identical when their method, URL, body and every header field are: an authorization, tenant or
/// language header that differs keeps callers apart. A waiter whose task is cancelled stops waiting at once; the
/// exchange goes on while anyone waits for it and is cancelled (on the wire too) when the last waiter leaves. Only
/// requests marked ``HTTPRequest/deduplicates`` come here: the client marks queries, never mutations.
final class InFlightRequestSharing: Sendable {
    /// What makes two requests one exchange.
    struct Key: Hashable, Sendable {
        let method: String
        let url: URL
        let body: Data?
        /// Every header field as `name:value`, names lower-cased, in order.
        let headers: [String]
        /// The exchange stops at its request's limit, so requests with different limits cannot share one: the
        /// smaller limit would fail the caller that allowed more.
        let maximumResponseSize: Int?

        init(_ request: HTTPRequest) {
            method = request.method.rawValue
            url = request.url
            body = request.body
            headers = request.headers.map { "\($0.name.lowercased()):\($0.value)" }.sorted()
            maximumResponseSize = request.maximumResponseSize
        }
    }

    /// One exchange in flight, and the task that runs it.
    private final class Flight: Sendable {
        let completion = SharedCompletion<HTTPResponse>()
        /// The task, once started; whether every waiter has left, in which case the task is cancelled when it is set.
        private let run = Lock<(task: Task<Void, Never>?, isAbandoned: Bool)>((nil, false))

        func start(_ task: Task<Void, Never>) {
            let abandoned = run.withLock { run in
                run.task = task
                return run.isAbandoned
            }
            if abandoned { task.cancel() }
        }

        func abandon() {
            let task = run.withLock { run in
                run.isAbandoned = true
                return run.task
            }
            task?.cancel()
        }
    }

    private struct Entry {
        let flight: Flight
        var waiters: Int
    }

    private struct State {
        var flights: [Key: Entry] = [:]
        /// Tasks waiting for a number of waiters in all (``waitForWaiters(_:)``).
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        var waiterCount: Int { flights.values.reduce(0) { $0 + $1.waiters } }

        /// Takes out the watchers whose count has been reached; with none (every call but a test's), counts nothing.
        mutating func reachedWatchers() -> [CheckedContinuation<Void, Never>] {
            if watchers.isEmpty { return [] }
            let count = waiterCount
            let reached = watchers.filter { $0.count == count }.map(\.continuation)
            watchers.removeAll { $0.count == count }
            return reached
        }
    }

    private let state = Lock(State())

    /// Sends `request` through `exchange`, or waits for the identical request already in flight.
    func send(
        _ request: HTTPRequest,
        through exchange: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let key = Key(request)
        let (flight, isNew, watchers) = state.withLock { state in
            let joined = state.flights[key]
            let flight = joined?.flight ?? Flight()
            state.flights[key] = Entry(flight: flight, waiters: (joined?.waiters ?? 0) + 1)
            return (flight, joined == nil, state.reachedWatchers())
        }
        for watcher in watchers { watcher.resume() }
        if isNew {
            let operation: @Sendable () async -> Void = { [self] in
                let result: Result<HTTPResponse, any Error>
                do {
                    result = .success(try await exchange(request))
                } catch {
                    result = .failure(error)
                }
                finish(flight, key: key, with: result)
            }
            // The exchange runs in a task of its own, so that it goes on when its first caller is cancelled while
            // others wait. A plain task, as for the call itself (see `APIClient.run`): an immediate one would make
            // each of the exchange's task switches take the task's status lock.
            flight.start(Task(operation: operation))
        }
        do {
            let response = try await flight.completion.value()
            leave(flight, key: key, cancelled: false)
            return response
        } catch {
            leave(flight, key: key, cancelled: Task.isCancelled)
            throw error
        }
    }

    /// Returns once exactly `count` callers wait for exchanges in flight, at once if they do: for tests that must know
    /// every caller has joined before the server answers.
    package func waitForWaiters(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let isReached = state.withLock { state in
                if state.waiterCount == count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if isReached { continuation.resume() }
        }
    }

    /// Ends a flight: later identical requests start a new exchange, and every waiter gets the result.
    private func finish(_ flight: Flight, key: Key, with result: Result<HTTPResponse, any Error>) {
        let watchers = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.flights[key]?.flight === flight else { return [] }
            state.flights[key] = nil
            return state.reachedWatchers()
        }
        for watcher in watchers { watcher.resume() }
        flight.completion.complete(result)
    }

    /// A waiter leaves its flight; when the last one leaves cancelled, the exchange is cancelled.
    private func leave(_ flight: Flight, key: Key, cancelled: Bool) {
        let (abandons, watchers) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
            guard var entry = state.flights[key], entry.flight === flight else { return (false, []) }
            entry.waiters -= 1
            let abandons = entry.waiters == 0 && cancelled
            state.flights[key] = abandons ? nil : entry
            return (abandons, state.reachedWatchers())
        }
        for watcher in watchers { watcher.resume() }
        if abandons { flight.abandon() }
    }
}
