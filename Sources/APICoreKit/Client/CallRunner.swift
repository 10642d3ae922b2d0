import APICoreGraphQL

/// Runs a client's calls: each in a task of its own, registered by operation name for ``cancel(operationNames:)``,
/// bounded by its time limit on the client's one deadline timer, every error an ``APIError``.
///
/// A timeout or a cancellation cancels the call's task; everything the package awaits inside (the transport, a token
/// refresh) stops at once when cancelled. A custom transport or interceptor that ignores cancellation delays the error
/// until it returns.
final class CallRunner: Sendable {
    /// The calls in flight, by operation name.
    private let inFlight = InFlightRegistry()
    /// The time limits of the calls in flight.
    let deadlines = DeadlineTimer()
    /// The limit of a call whose options set none.
    let defaultTimeout: Duration

    init(defaultTimeout: Duration) {
        self.defaultTimeout = defaultTimeout
    }

    /// Runs one call named `operationName` within `timeout` (the default when `nil`).
    func run<Value: Sendable>(
        operationName: String,
        timeout: Duration?,
        _ body: @escaping @Sendable () async throws -> Value
    ) async throws(APIError) -> Value {
        let limit = timeout ?? defaultTimeout
        // The call runs in a task of its own, so that cancelling by name or by time limit can reach it; the time
        // limit is an entry of the client's one deadline timer, not a sleeping task per call. A plain task, not
        // `Task.immediate`: an immediate task carries a status record that makes every one of its task switches take
        // the task's status lock, which costs more than the hop through the pool it saves.
        // The call is registered before its task exists: the task may reach the network on another thread before
        // the next line runs, and a cancellation by name in between must not miss it.
        let cancellation = CallCancellation()
        let id = inFlight.insert(operationName: operationName) { cancellation.cancel() }
        defer { inFlight.remove(id) }
        let task = Task { try await body() }
        cancellation.attach(task)
        let deadline = deadlines.schedule(after: limit) { task.cancel() }
        do {
            let value = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
            deadlines.cancel(deadline)
            return value
        } catch {
            let timedOut = !deadlines.cancel(deadline)
            if timedOut, !Task.isCancelled {
                throw APIError(.timeout, operationName: operationName, reason: "no response within \(limit)")
            }
            throw APIError(wrapping: error, operationName: operationName)
        }
    }

    /// Cancels the calls in flight whose names are in `names` (every call when `nil`); returns how many.
    func cancel(operationNames names: Set<String>?) -> Int {
        inFlight.cancel(operationNames: names)
    }

    /// The operation names of the calls in flight.
    var operationNames: [String] { inFlight.operationNames }
}
