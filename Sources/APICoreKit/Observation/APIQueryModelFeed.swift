import APICoreGraphQL
import APICoreJSON

/// Where a query model's values come from: a query watched through a client, or a pager's merged list. It hides the
/// query's type, so a model is generic over the value a screen shows only.
struct APIQueryModelFeed<Value: Sendable>: Sendable {
    typealias Snapshot = APIQueryModelSnapshot<Value>

    /// What the cache holds now, read synchronously; `nil` on a miss or when the policy does not read the cache.
    let cachedValue: @Sendable () -> Snapshot?
    /// The values as they come: the policy's first, then each change the cache sees; with the way to ask the watch for
    /// a refetch, for a query's.
    let watch: @Sendable () -> (values: AsyncStream<Result<Snapshot, APIError>>, control: WatchRefetchControl?)
    /// The value fetched anew from the network; `nil` when the new value comes through the watch.
    let refresh: @Sendable () async throws(APIError) -> Snapshot?

    /// The feed of `query` watched through `client`.
    init<Query: GraphQLQuery>(
        _ query: Query, client: APIClient, cachePolicy: CachePolicy, options: RequestOptions,
        map: @escaping @Sendable (Query.Data) throws -> Value
    ) {
        let convert = Self.converter(operationName: query.__operationName, map: map)
        cachedValue = {
            guard cachePolicy != .networkOnly, let cache = client.configuration.cache,
                let data = try? cache.read(query), let value = try? map(data)
            else { return nil }
            return Snapshot(value: value, errors: [], source: .cache)
        }
        watch = {
            let watch = client.watch(query, cachePolicy: cachePolicy, options: options)
            return (Self.mapped(watch, convert), watch.control)
        }
        refresh = { () async throws(APIError) -> Snapshot? in
            var options = options
            options.cachePolicy = .networkOnly
            return try convert(try await client.execute(query, options: options)).get()
        }
    }

    /// The feed of `pager`'s merged list.
    init<Query: GraphQLQuery>(pager: APIQueryPager<Query>, map: @escaping @Sendable (Query.Data) throws -> Value) {
        let operationName = pager.operationName
        let convert = Self.converter(operationName: operationName, map: map)
        cachedValue = {
            guard let data = pager.cachedValue(), let value = try? map(data) else { return nil }
            return Snapshot(value: value, errors: [], source: .cache)
        }
        watch = { (Self.mapped(pager.values(), convert), nil) }
        refresh = { () async throws(APIError) -> Snapshot? in
            try await pager.refresh()
            guard let data = pager.cachedValue() else {
                throw APIError(
                    .cacheMiss, operationName: operationName, reason: "the refreshed page is not cached")
            }
            do {
                return Snapshot(value: try map(data), errors: [], source: .network)
            } catch {
                throw APIError(.mappingFailed, operationName: operationName, underlying: error)
            }
        }
    }

    /// The feed of values from a source of the owner's (a feature kit's repository, fixed data for a preview): each
    /// value as it comes, with no response source. An error the source throws fails the model as ``failure(of:)``
    /// says.
    init<Values: AsyncSequence & Sendable>(
        cachedValue: @escaping @Sendable () -> Value?,
        values: @escaping @Sendable () -> Values,
        refresh: @escaping @Sendable () async throws -> Value?
    ) where Values.Element == Value {
        self.cachedValue = { cachedValue().map { Snapshot(value: $0, errors: [], source: .cache) } }
        watch = {
            let values = values()
            let (stream, continuation) = AsyncStream.makeStream(
                of: Result<Snapshot, APIError>.self, bufferingPolicy: .unbounded)
            let task = Task {
                do {
                    for try await value in values {
                        continuation.yield(.success(Snapshot(value: value, errors: [], source: nil)))
                    }
                } catch {
                    if !Task.isCancelled && !(error is CancellationError) {
                        continuation.yield(.failure(Self.failure(of: error)))
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
            return (stream, nil)
        }
        self.refresh = { () async throws(APIError) -> Snapshot? in
            do {
                return try await refresh().map { Snapshot(value: $0, errors: [], source: nil) }
            } catch {
                throw Self.failure(of: error)
            }
        }
    }

    /// The model's failure for an error of the owner's source: an `APIError` as it is, cancellation as `cancelled`,
    /// any other error (a feature kit's own) as `mappingFailed` with the error as its ``APIError/underlying`` error.
    static func failure(of error: any Error) -> APIError {
        switch error {
        case let error as APIError: error
        case is CancellationError: APIError(.cancelled)
        default: APIError(.mappingFailed, underlying: error)
        }
    }

    /// Turns a response into a snapshot with `map`; a thrown error becomes a `mappingFailed` error.
    private static func converter<Data: Sendable>(
        operationName: String, map: @escaping @Sendable (Data) throws -> Value
    ) -> @Sendable (APIResponse<Data>) -> Result<Snapshot, APIError> {
        { response in
            do {
                return .success(
                    Snapshot(value: try map(response.value), errors: response.errors, source: response.metadata.source))
            } catch {
                return .failure(APIError(.mappingFailed, operationName: operationName, underlying: error))
            }
        }
    }

    /// `watch`'s values converted, one for each; ending the stream's iteration ends the watch, and so cancels its
    /// request.
    private static func mapped<Data: Sendable>(
        _ watch: APIQueryWatch<Data>, _ convert: @escaping @Sendable (APIResponse<Data>) -> Result<Snapshot, APIError>
    ) -> AsyncStream<Result<Snapshot, APIError>> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Result<Snapshot, APIError>.self, bufferingPolicy: .unbounded)
        let task = Task {
            for await result in watch {
                continuation.yield(result.flatMap(convert))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

/// The one task a model runs of its own, cancelled when the model goes away.
final class APIModelWork: Sendable {
    private let task = Lock<Task<Void, Never>?>(nil)

    /// Whether a task was started and not cancelled.
    var isRunning: Bool {
        task.withLock { $0.map { !$0.isCancelled } ?? false }
    }

    /// Runs `work` in place of the task running, which is cancelled.
    func run(_ work: Task<Void, Never>) {
        task.withLock { running in
            running?.cancel()
            running = work
        }
    }

    /// Cancels the task running, if any.
    func cancel() {
        task.withLock { running in
            running?.cancel()
            running = nil
        }
    }
}
