import APICoreKit
import Foundation

/// A mutation waiting in an ``OfflineMutationQueue``, as the queue reports it.
public struct QueuedMutation: Sendable, Hashable, Identifiable {
    /// The mutation's place in the queue: numbers only grow, across restarts, so a lower one was enqueued earlier.
    public let id: Int64
    /// The key sent in the ``OfflineMutationQueueConfiguration/idempotencyKeyHeader`` header with every attempt, the
    /// same after a crash, so that a server can recognise a mutation it has applied already.
    public let idempotencyKey: String
    /// The operation's name.
    public let operationName: String
    /// When the mutation was enqueued.
    public let enqueuedAt: Date
    /// The attempts that failed so far.
    public let failedAttempts: Int

    init(_ row: MutationQueueStorage.Row) {
        id = row.sequence
        idempotencyKey = row.idempotencyKey
        operationName = row.operationName
        enqueuedAt = row.enqueuedAt
        failedAttempts = row.attempts
    }
}

/// What an ``OfflineMutationQueue`` did, for a UI that shows pending changes.
public enum MutationQueueEvent: Sendable {
    /// A mutation was written to the queue; `pendingCount` mutations are queued now.
    case enqueued(QueuedMutation, pendingCount: Int)
    /// The server applied a mutation (its result replaced the optimistic one in the cache); `pendingCount` are left.
    case sent(QueuedMutation, pendingCount: Int)
    /// An attempt failed for lack of a network or of a working server; the mutation stays first in the queue and is
    /// tried again after `retryAfter`, or sooner when the network returns.
    case waiting(QueuedMutation, error: APIError, retryAfter: Duration)
    /// A mutation failed for good (the server rejected it, or kept failing): it left the queue and its optimistic
    /// result was rolled back. `pendingCount` are left.
    case failed(QueuedMutation, error: APIError, pendingCount: Int)

    /// The mutation the event is about.
    public var mutation: QueuedMutation {
        switch self {
        case .enqueued(let mutation, _), .sent(let mutation, _), .waiting(let mutation, _, _),
            .failed(let mutation, _, _):
            mutation
        }
    }
}

/// How an ``OfflineMutationQueue`` stores, sends and retries.
public struct OfflineMutationQueueConfiguration: Sendable {
    /// The most mutations the queue holds; enqueueing one more fails with `APIError/Code/mutationQueueFull`.
    public var maximumPendingCount: Int
    /// The header that carries each mutation's ``QueuedMutation/idempotencyKey`` (the IETF draft's
    /// `Idempotency-Key` by default).
    public var idempotencyKeyHeader: String
    /// The wait before the first retry of a mutation that found no network; each further failure doubles it, up to
    /// ``maximumRetryDelay``. Every wait is drawn between half and all of that value, so that many devices coming back
    /// online do not retry in step.
    public var initialRetryDelay: Duration
    /// The longest wait between retries.
    public var maximumRetryDelay: Duration
    /// How many answers of `408`, `429` or `5xx` a mutation gets before it fails for good. Failures to reach the
    /// server at all (no network, a refused connection, a time-out) never fail a mutation: it waits for the network.
    public var maximumServerErrorAttempts: Int
    /// The options of every request the queue sends (headers, time-out, error policy). The queue adds the
    /// idempotency key and marks the request idempotent, so a `RetryInterceptor` may retry it.
    public var requestOptions: RequestOptions
    /// Whether the queue retries at once when the platform reports that the network became available (on Apple
    /// platforms, through the Network framework's path monitor). Elsewhere, call
    /// ``OfflineMutationQueue/retryNow()`` from the app's own signal; backoff retries happen everywhere.
    public var watchesConnectivity: Bool
    /// How the queue's SQLite file is opened. Unlike the cache's default, a corrupt queue file is not set aside and
    /// replaced: opening fails, so that no queued mutation is dropped silently.
    public var fileOptions: SQLiteFileOptions

    /// A configuration; every parameter has a default that suits an app.
    public init(
        maximumPendingCount: Int = 1000,
        idempotencyKeyHeader: String = "Idempotency-Key",
        initialRetryDelay: Duration = .seconds(1),
        maximumRetryDelay: Duration = .seconds(60),
        maximumServerErrorAttempts: Int = 5,
        requestOptions: RequestOptions = RequestOptions(),
        watchesConnectivity: Bool = true,
        fileOptions: SQLiteFileOptions = SQLiteFileOptions(corruptionRecovery: .fail)
    ) {
        self.maximumPendingCount = maximumPendingCount
        self.idempotencyKeyHeader = idempotencyKeyHeader
        self.initialRetryDelay = initialRetryDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.maximumServerErrorAttempts = maximumServerErrorAttempts
        self.requestOptions = requestOptions
        self.watchesConnectivity = watchesConnectivity
        self.fileOptions = fileOptions
    }
}

extension APIError.Code {
    /// An ``OfflineMutationQueue`` already holds its ``OfflineMutationQueueConfiguration/maximumPendingCount``
    /// mutations; the one given was not queued.
    public static let mutationQueueFull = APIError.Code(rawValue: "mutationQueueFull")
    /// An ``OfflineMutationQueue``'s file could not be written or read; the mutation given was not queued.
    /// `APIError/underlying` holds the SQLite error.
    public static let mutationQueueStorage = APIError.Code(rawValue: "mutationQueueStorage")
}
