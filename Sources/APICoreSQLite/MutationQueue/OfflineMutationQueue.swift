import APICoreCache
import APICoreGraphQL
import APICoreJSON
import APICoreKit
import Foundation

/// Mutations made without a network, kept in a SQLite file and sent in order when the network returns.
///
/// ``enqueue(_:optimisticResult:)`` writes the mutation to the file before it returns, shows its optimistic result in
/// the client's cache at once, and wakes the queue's worker, which sends the queued mutations one at a time, oldest
/// first, through the `APIClient` (its interceptors, authorization and cache included):
///
/// - **Applied:** the server's result replaces the optimistic one in one step, the mutation leaves the queue, and
///   ``MutationQueueEvent/sent(_:pendingCount:)`` is reported.
/// - **No network** (no connection, a refused connection, a time-out): the mutation stays first and is retried after
///   a growing delay (``OfflineMutationQueueConfiguration/initialRetryDelay`` doubling up to
///   ``OfflineMutationQueueConfiguration/maximumRetryDelay``), or at once when the platform reports the network back
///   or the app calls ``retryNow()``. Later mutations wait behind it, so the server sees them in order.
/// - **Server trouble** (`408`, `429`, `5xx`): retried the same way, at most
///   ``OfflineMutationQueueConfiguration/maximumServerErrorAttempts`` times.
/// - **Rejected** (GraphQL errors, another failing status, an unusable response): the mutation leaves the queue, its
///   optimistic result is rolled back, and ``MutationQueueEvent/failed(_:error:pendingCount:)`` carries the
///   `APIError`.
///
/// Every attempt of a mutation carries the same idempotency key header, so a server can tell a replay of a
/// mutation it has applied already (the process was killed after the server answered but before the queue
/// forgot the mutation) from a new one. A process killed at any moment loses nothing whose `enqueue` returned, and
/// reorders nothing: a new queue on the same file replays what is left, and shows the optimistic results of the
/// operation types it was given again.
///
/// One queue (one worker) per file: open a file in one place of the app.
public final class OfflineMutationQueue: Sendable {
    /// The queue's SQLite file.
    public let fileURL: URL
    private let engine: Engine
    private let worker: Task<Void, Never>
    private let connectivity: ConnectivitySignal?

    /// Opens the queue stored at `fileURL` (creating it if needed) and starts replaying what it holds through `client`.
    ///
    /// `operations` are the mutation types a queue made by an earlier process may hold: their stored optimistic
    /// results are shown again at once, and their server results are normalized into the cache. Any other stored
    /// mutation (one compiled at run time, a `GraphQLDynamicMutation`, or of a type not listed, or whose document
    /// changed since) is compiled again against the client's `APIClientConfiguration/schema` when it has one, and
    /// replayed typed the same way. One that no client schema compiles is still sent, exactly as it was stored, without
    /// a cache write, and its optimistic result, if any, is removed once the server has applied it. Types given to
    /// ``enqueue(_:optimisticResult:)`` are known from then on.
    ///
    /// Fails with `APIError/Code/mutationQueueStorage` if the file cannot be opened, or if this process may not write
    /// it (its permissions, or a read-only volume): a queue that could send its mutations but not record that they
    /// were sent would send them again. The file is left as it is.
    public init(
        fileURL: URL,
        client: APIClient,
        operations: [any GraphQLMutation.Type] = [],
        configuration: OfflineMutationQueueConfiguration = OfflineMutationQueueConfiguration()
    ) throws(APIError) {
        self.fileURL = fileURL
        let storage: MutationQueueStorage
        let pending: [MutationQueueStorage.Row]
        do {
            let opened = try SQLiteDatabase.open(
                at: fileURL, label: "APICoreSQLite.mutationQueue", migrator: MutationQueueStorage.migrator,
                options: configuration.fileOptions, whenReadOnly: .fail)
            storage = MutationQueueStorage(database: opened.database)
            pending = try storage.all()
        } catch {
            throw APIError(
                .mutationQueueStorage, underlying: error,
                reason: "the mutation queue's file could not be opened" + SQLiteDatabase.because(error))
        }
        let engine = Engine(storage: storage, client: client, configuration: configuration)
        for operation in operations { engine.register(operation) }
        engine.restore(pending)
        self.engine = engine
        worker = Task { await engine.run() }
        connectivity =
            configuration.watchesConnectivity ? ConnectivitySignal { [weak engine] in engine?.doorbell.ring() } : nil
    }

    deinit { worker.cancel() }

    /// Queues `mutation` and returns once it is written to the file; the queue sends it when every mutation queued
    /// before it has been applied or has failed.
    ///
    /// `optimisticResult` is written to the client's cache as an optimistic layer before this returns, so watchers
    /// show it at once; it stays while the mutation waits (after a restart too) and is replaced by the server's
    /// result, or rolled back if the mutation fails for good.
    ///
    /// A mutation compiled at run time is queued like a generated one; after a restart it is replayed typed when the
    /// client holds a schema it still compiles against.
    ///
    /// Fails, queueing nothing, with `APIError/Code/mutationQueueFull` when the queue holds its maximum,
    /// `APIError/Code/invalidRequest` for a mutation with files (a file's bytes are not kept across a
    /// restart), `APIError/Code/cacheFailure` when the optimistic result does not fit the mutation's
    /// selections, and `APIError/Code/mutationQueueStorage` when the file cannot be written.
    @discardableResult
    public func enqueue<Mutation: GraphQLMutation>(
        _ mutation: Mutation, optimisticResult: Mutation.Data? = nil
    ) throws(APIError) -> QueuedMutation {
        try engine.enqueue(mutation, optimisticResult: optimisticResult)
    }

    /// How many mutations are queued: enqueued, and neither applied nor failed yet.
    public var pendingCount: Int { engine.pendingCount }

    /// The queued mutations, oldest first.
    public func pendingMutations() throws(APIError) -> [QueuedMutation] {
        do {
            return try engine.storage.all().map(QueuedMutation.init)
        } catch {
            throw APIError(
                .mutationQueueStorage, underlying: error,
                reason: "the mutation queue could not be read" + SQLiteDatabase.because(error))
        }
    }

    /// What the queue does from now on: each iteration gets every event after it starts. The stream buffers what its
    /// reader has not taken yet and ends when the queue is closed.
    public var events: AsyncStream<MutationQueueEvent> { engine.subscribe() }

    /// Retries the first mutation now instead of at the end of its backoff: call it when the app learns that the
    /// network is back (a reachability signal of its own, the app returning to the foreground).
    public func retryNow() { engine.doorbell.ring() }

    /// Stops sending: an attempt on the wire is cancelled (it stays queued, and the next queue on this file sends it
    /// again with the same idempotency key), and the event streams end.
    public func close() async {
        worker.cancel()
        await worker.value
        engine.finishSubscribers()
    }
}

extension OfflineMutationQueue {
    /// The queue's state and its worker's loop; the queue object owns it, and the worker holds it only while the
    /// queue lives.
    final class Engine: Sendable {
        let storage: MutationQueueStorage
        let client: APIClient
        let configuration: OfflineMutationQueueConfiguration
        let doorbell = Doorbell()

        private struct State {
            /// The replayers of generated mutation types, by operation name.
            var replayers: [String: MutationReplayer] = [:]
            /// The replayers of mutations compiled at run time, by the document they send; `nil` for a stored
            /// document the client's schema does not compile as a mutation, so it is compiled once.
            var compiledReplayers: [String: MutationReplayer?] = [:]
            /// The optimistic layer of each queued mutation that has one, by idempotency key (known before the row is
            /// written, so the worker never sees a row whose layer is not recorded yet).
            var layers: [String: OptimisticLayerID] = [:]
            var pendingCount = 0
            var subscribers: [UInt64: AsyncStream<MutationQueueEvent>.Continuation] = [:]
            var nextSubscriber: UInt64 = 0
        }

        private let state = Lock(State())

        init(storage: MutationQueueStorage, client: APIClient, configuration: OfflineMutationQueueConfiguration) {
            self.storage = storage
            self.client = client
            self.configuration = configuration
        }

        var pendingCount: Int { state.withLock { $0.pendingCount } }

        func register(_ type: any GraphQLMutation.Type) {
            let replayer = MutationReplayer(type)
            state.withLock { state in
                if state.replayers[type.operationName] == nil { state.replayers[type.operationName] = replayer }
            }
        }

        /// Shows again the optimistic results of rows an earlier process queued.
        func restore(_ rows: [MutationQueueStorage.Row]) {
            var layers: [String: OptimisticLayerID] = [:]
            if let cache = client.configuration.cache {
                for row in rows {
                    guard let data = row.optimisticData, let replayer = replayer(for: row),
                        let layer = try? replayer.addOptimisticLayer(cache, data, row.variables)
                    else { continue }
                    layers[row.idempotencyKey] = layer
                }
            }
            state.withLock { state in
                state.layers.merge(layers) { _, new in new }
                state.pendingCount = rows.count
            }
        }

        /// How to replay `row` typed: its generated type's replayer when the type is known and sends the same
        /// document; else the replayer of the stored document compiled against the client's schema; else none.
        private func replayer(for row: MutationQueueStorage.Row) -> MutationReplayer? {
            let known = state.withLock { state -> MutationReplayer?? in
                if let generated = state.replayers[row.operationName], generated.document == row.document {
                    return .some(generated)
                }
                return state.compiledReplayers[row.document]
            }
            if let known { return known }
            let compiled = compiledReplayer(of: row.document)
            // Compiled outside the lock: an enqueue may have recorded this document's replayer meanwhile, which wins.
            return state.withLock { state in
                if let recorded = state.compiledReplayers[row.document] { return recorded }
                state.compiledReplayers[row.document] = .some(compiled)
                return compiled
            }
        }

        /// The replayer of a stored document compiled against the client's schema, if it compiles as a mutation.
        private func compiledReplayer(of document: String) -> MutationReplayer? {
            guard client.configuration.schema != nil,
                let compiled = try? client.compile(document: document), compiled.operationType == .mutation
            else { return nil }
            return MutationReplayer(compiled)
        }

        func enqueue<Mutation: GraphQLMutation>(
            _ mutation: Mutation, optimisticResult: Mutation.Data?
        ) throws(APIError) -> QueuedMutation {
            let name = mutation.__operationName
            guard mutation.fileUploads.isEmpty else {
                throw APIError(
                    .invalidRequest, operationName: name,
                    reason: "a mutation with files cannot be queued: its files would not survive a restart")
            }
            if let compiled = mutation.__compiled {
                let replayer = MutationReplayer(compiled)
                state.withLock { $0.compiledReplayers[replayer.document] = .some(replayer) }
            } else {
                register(Mutation.self)
            }
            let key = UUID().uuidString.lowercased()
            if let optimisticResult, let cache = client.configuration.cache {
                do throws(CacheError) {
                    let layer = try cache.addOptimisticLayer { transaction throws(CacheError) in
                        try transaction.write(optimisticResult, for: mutation)
                    }
                    state.withLock { $0.layers[key] = layer }
                } catch {
                    throw APIError(cacheError: error, operationName: name)
                }
            }
            let row = MutationQueueStorage.Content(
                idempotencyKey: key, operationName: name, document: mutation.__document,
                operationIdentifier: mutation.__operationIdentifier, variables: mutation.variables,
                optimisticData: optimisticResult?.__data, enqueuedAt: Date())
            let stored: (row: MutationQueueStorage.Row, pendingCount: Int)
            do {
                stored = try storage.insert(row, limit: configuration.maximumPendingCount)
            } catch {
                rollBack(key)
                if error is MutationQueueStorage.Full {
                    throw APIError(
                        .mutationQueueFull, operationName: name,
                        reason: "the queue already holds its maximum of \(configuration.maximumPendingCount) mutations")
                }
                throw APIError(
                    .mutationQueueStorage, operationName: name, underlying: error,
                    reason: "the mutation could not be written to the queue" + SQLiteDatabase.because(error))
            }
            let queued = QueuedMutation(stored.row)
            state.withLock { $0.pendingCount = stored.pendingCount }
            emit(.enqueued(queued, pendingCount: stored.pendingCount))
            doorbell.ring()
            return queued
        }

        /// Removes the optimistic layer of the mutation with `key`, if it has one.
        private func rollBack(_ key: String) {
            guard let layer = state.withLock({ $0.layers.removeValue(forKey: key) }) else { return }
            client.configuration.cache?.removeOptimisticLayer(layer)
        }

        // MARK: Events

        func subscribe() -> AsyncStream<MutationQueueEvent> {
            let (stream, continuation) = AsyncStream<MutationQueueEvent>.makeStream()
            let id = state.withLock { state in
                defer { state.nextSubscriber += 1 }
                state.subscribers[state.nextSubscriber] = continuation
                return state.nextSubscriber
            }
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
            }
            return stream
        }

        private func emit(_ event: MutationQueueEvent) {
            let subscribers = state.withLock { Array($0.subscribers.values) }
            for subscriber in subscribers { subscriber.yield(event) }
        }

        func finishSubscribers() {
            let subscribers = state.withLock { state in
                defer { state.subscribers = [:] }
                return Array(state.subscribers.values)
            }
            for subscriber in subscribers { subscriber.finish() }
        }

        // MARK: The worker

        /// What became of one attempt.
        private enum Outcome {
            case applied
            case noNetwork(APIError)
            case serverTrouble(APIError)
            case rejected(APIError)
            case cancelled
        }

        /// Sends the oldest queued mutation, again and again, until the task is cancelled.
        func run() async {
            var failuresInARow = 0
            var serverErrors: (sequence: Int64, count: Int) = (0, 0)
            while !Task.isCancelled {
                let head: MutationQueueStorage.Row?
                do {
                    head = try storage.first()
                } catch {
                    // The file could not be read (a full disk, a lock held too long): nothing is lost; try later.
                    await doorbell.wait(atMost: configuration.maximumRetryDelay)
                    continue
                }
                guard let head else {
                    failuresInARow = 0
                    await doorbell.wait(atMost: nil)
                    continue
                }
                switch await attempt(head) {
                case .cancelled:
                    return
                case .applied:
                    failuresInARow = 0
                    finish(head, failure: nil)
                case .rejected(let error):
                    finish(head, failure: error)
                case .serverTrouble(let error):
                    if serverErrors.sequence != head.sequence { serverErrors = (head.sequence, 0) }
                    serverErrors.count += 1
                    if serverErrors.count >= configuration.maximumServerErrorAttempts {
                        finish(head, failure: error)
                    } else {
                        await retryLater(head, error: error, failuresInARow: &failuresInARow)
                    }
                case .noNetwork(let error):
                    await retryLater(head, error: error, failuresInARow: &failuresInARow)
                }
            }
        }

        private func attempt(_ row: MutationQueueStorage.Row) async -> Outcome {
            var options = configuration.requestOptions
            options.headers[configuration.idempotencyKeyHeader] = row.idempotencyKey
            options.isIdempotent = true
            let (replayer, layer) = (replayer(for: row), state.withLock { $0.layers[row.idempotencyKey] })
            do throws(APIError) {
                if let replayer {
                    try await replayer.send(client, row.variables, layer, options)
                } else {
                    _ = try await client.send(
                        document: row.document, operationName: row.operationName, variables: row.variables,
                        options: options)
                    // Nothing typed replaces an optimistic result the mutation showed: the server has applied it.
                    if let layer { client.configuration.cache?.removeOptimisticLayer(layer) }
                }
                return .applied
            } catch {
                if Task.isCancelled || error.code == .cancelled { return .cancelled }
                switch error.code {
                case .network, .timeout:
                    return .noNetwork(error)
                case .httpStatus where error.statusCode.map(Self.isServerTrouble) ?? false:
                    return .serverTrouble(error)
                default:
                    return .rejected(error)
                }
            }
        }

        private static func isServerTrouble(_ status: Int) -> Bool {
            status == 408 || status == 429 || (500..<600).contains(status)
        }

        /// Forgets a mutation that the server applied (the cache already holds its result) or that failed for good
        /// (its optimistic result is rolled back), and reports it.
        private func finish(_ row: MutationQueueStorage.Row, failure: APIError?) {
            let remaining: Int
            do {
                remaining = try storage.delete(row.sequence)
            } catch {
                // Still queued: it is sent again, with its idempotency key, on the next pass.
                return
            }
            if failure != nil {
                rollBack(row.idempotencyKey)
            } else {
                _ = state.withLock { $0.layers.removeValue(forKey: row.idempotencyKey) }
            }
            state.withLock { $0.pendingCount = remaining }
            var reported = row
            // The attempt that failed it counts too.
            if failure != nil { reported.attempts += 1 }
            let queued = QueuedMutation(reported)
            emit(
                failure.map { .failed(queued, error: $0, pendingCount: remaining) }
                    ?? .sent(queued, pendingCount: remaining))
        }

        private func retryLater(_ row: MutationQueueStorage.Row, error: APIError, failuresInARow: inout Int) async {
            let attempts = (try? storage.recordAttempt(row.sequence)) ?? row.attempts + 1
            var updated = row
            updated.attempts = attempts
            let delay = backoff(after: failuresInARow)
            failuresInARow += 1
            emit(.waiting(QueuedMutation(updated), error: error, retryAfter: delay))
            await doorbell.wait(atMost: delay)
        }

        /// The wait after `failures` failures in a row: the initial delay doubled that often, at most the maximum,
        /// drawn between half and all of it.
        private func backoff(after failures: Int) -> Duration {
            let initial = configuration.initialRetryDelay
            let ceiling = configuration.maximumRetryDelay
            var delay = initial
            for _ in 0..<min(failures, 32) where delay < ceiling { delay *= 2 }
            delay = min(delay, ceiling)
            return delay / 2 + delay / 2 * Double.random(in: 0...1)
        }
    }
}
