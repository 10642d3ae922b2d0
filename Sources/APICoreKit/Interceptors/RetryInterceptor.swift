import Foundation

/// Retries failed idempotent requests with exponential backoff and jitter, honouring `Retry-After`.
///
/// A request is retried when it is idempotent (queries, GET, PUT, DELETE, or marked so) and it failed with a transient
/// network error (a timeout, a lost or refused connection, no network, a failed DNS lookup) or a status in
/// ``RetryPolicy/retryableStatusCodes`` (by default `408 Request Timeout`, `429 Too Many Requests` and every 5xx),
/// until ``RetryPolicy/maximumAttempts`` attempts were made. TLS and certificate failures, bad URLs and unreadable
/// responses are not retried: another attempt would fail the same way. The delay before attempt *n* is the server's
/// `Retry-After` when it sent one (seconds or an HTTP date), else `baseDelay * 2^(n-1)` with full jitter, capped at
/// ``RetryPolicy/maximumDelay``. A `Retry-After` longer than that cap is honoured by not retrying: the response is
/// returned as it is, rather than asking again sooner than the server allowed. Cancellation stops the waiting at once.
public struct RetryInterceptor: APIInterceptor {
    /// The policy.
    public let policy: RetryPolicy

    /// An interceptor with the given policy.
    public init(policy: RetryPolicy = RetryPolicy()) {
        self.policy = policy
    }

    /// Sends the request and, while it is idempotent and attempts remain, sends it again after each transient failure
    /// or retryable status; returns the last response or rethrows the last error.
    public func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        var attempt = request
        while true {
            let outcome: Result<HTTPResponse, any Error>
            do {
                outcome = .success(try await next(attempt))
            } catch {
                outcome = .failure(error)
            }
            let attemptsMade = attempt.attempt + 1
            guard request.isIdempotent, attemptsMade < policy.maximumAttempts,
                let delay = retryDelay(after: outcome, attemptsMade: attemptsMade)
            else {
                return try outcome.get()
            }
            try await policy.sleep(delay)
            attempt.attempt = attemptsMade
        }
    }

    /// The delay before the next attempt, or `nil` when the outcome is not worth retrying.
    func retryDelay(after outcome: Result<HTTPResponse, any Error>, attemptsMade: Int) -> Duration? {
        switch outcome {
        case .success(let response):
            guard policy.retryableStatusCodes.contains(response.statusCode) else { return nil }
            let now = policy.now
            if let retryAfter = response.headers["Retry-After"].flatMap({ Self.parseRetryAfter($0, now: now()) }) {
                return retryAfter <= policy.maximumDelay ? retryAfter : nil
            }
        case .failure(let error):
            guard Self.isRetryable(error) else { return nil }
        }
        return policy.backoff(attemptsMade: attemptsMade)
    }

    /// The URL loading errors worth another attempt: the network or the connection failed on the way, and may not
    /// the next time.
    ///
    /// Not retried: TLS and certificate failures, bad or unsupported URLs, redirect loops, cancellation, and
    /// `badServerResponse` (the server answered, but not with HTTP that could be read: asking again gets the same).
    static let transientURLErrors: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet, .dnsLookupFailed,
        .cannotFindHost, .resourceUnavailable,
    ]

    /// Whether a thrown error is worth another attempt: a transient URL error, or an ``APIError`` for a timeout or a
    /// network failure (judged by the URL error under it, when there is one).
    static func isRetryable(_ error: any Error) -> Bool {
        if let error = error as? URLError { return transientURLErrors.contains(error.code) }
        guard let error = error as? APIError else { return false }
        switch error.code {
        case .timeout:
            return true
        case .network:
            guard let underlying = error.underlying as? URLError else { return true }
            return transientURLErrors.contains(underlying.code)
        default:
            return false
        }
    }

    /// `Retry-After` as delay-seconds or an HTTP date (RFC 9110, section 10.2.3), a date counted from `now`.
    static func parseRetryAfter(_ value: String, now: Date) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return .seconds(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        let interval = max(0, date.timeIntervalSince(now))
        return .milliseconds(Int64(interval * 1000))
    }
}

/// When and how often ``RetryInterceptor`` retries.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included.
    public var maximumAttempts: Int
    /// The backoff before the second attempt; doubled for each later one.
    public var baseDelay: Duration
    /// The longest wait: backoff is capped at it, and a longer `Retry-After` ends the retries.
    public var maximumDelay: Duration
    /// Statuses worth retrying.
    public var retryableStatusCodes: Set<Int>
    /// Waits between attempts; tests inject one that records the delays.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// Picks the jittered delay from `0...upperBound` (full jitter); injectable for tests.
    public var jitter: @Sendable (Duration) -> Duration
    /// The current time, which a `Retry-After` HTTP date is counted from; injectable for tests.
    public var now: @Sendable () -> Date

    /// A policy; by default three attempts, 0.5 s base delay, 30 s cap, and statuses 408, 429 and every 5xx.
    public init(
        maximumAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(500),
        maximumDelay: Duration = .seconds(30),
        retryableStatusCodes: Set<Int> = Set([408, 429]).union(500...599),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        jitter: @escaping @Sendable (Duration) -> Duration = RetryPolicy.fullJitter,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        precondition(maximumAttempts >= 1, "a retry policy makes at least one attempt")
        self.maximumAttempts = maximumAttempts
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.retryableStatusCodes = retryableStatusCodes
        self.sleep = sleep
        self.jitter = jitter
        self.now = now
    }

    /// The backoff after `attemptsMade` attempts: jitter over `baseDelay * 2^(attemptsMade-1)`, capped.
    public func backoff(attemptsMade: Int) -> Duration {
        let exponent = min(max(attemptsMade - 1, 0), 30)
        let ceiling = min(baseDelay * (1 << exponent), maximumDelay)
        return jitter(ceiling)
    }

    /// A uniformly random delay in `0...upperBound`.
    public static func fullJitter(_ upperBound: Duration) -> Duration {
        let nanoseconds =
            upperBound.components.seconds * 1_000_000_000 + upperBound.components.attoseconds / 1_000_000_000
        guard nanoseconds > 0 else { return .zero }
        return .nanoseconds(Int64.random(in: 0...nanoseconds))
    }
}
