/// How a lost connection is retried: exponential backoff with jitter, up to a number of attempts.
///
/// The delay before attempt `n` (1, 2, ...) is `min(initialDelay * multiplier^(n-1), maximumDelay)`, scaled by a
/// random factor in `1 - jitter ... 1`, so that many clients that lost the same server do not return in lockstep.
public struct GraphQLWebSocketReconnectPolicy: Sendable, Hashable {
    /// The delay before the first attempt.
    public var initialDelay: Duration
    /// The longest delay.
    public var maximumDelay: Duration
    /// The growth of the delay per attempt.
    public var multiplier: Double
    /// The fraction of the delay that is random, 0 ... 1.
    public var jitter: Double
    /// How many attempts in a row may fail before every live subscription fails; `nil` retries forever.
    public var maximumAttempts: Int?

    /// A policy; by default 0.5 s doubling up to 30 s, half of it random, 10 attempts.
    public init(
        initialDelay: Duration = .milliseconds(500),
        maximumDelay: Duration = .seconds(30),
        multiplier: Double = 2,
        jitter: Double = 0.5,
        maximumAttempts: Int? = 10
    ) {
        precondition(multiplier >= 1, "the backoff multiplier must be at least 1")
        precondition((0...1).contains(jitter), "jitter is a fraction between 0 and 1")
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.multiplier = multiplier
        self.jitter = jitter
        self.maximumAttempts = maximumAttempts
    }

    /// Never reconnects: the first lost connection fails every live subscription.
    public static let never = GraphQLWebSocketReconnectPolicy(maximumAttempts: 0)

    /// The delay before attempt `attempt` (from 1), with `random` in `0..<1` choosing the jitter.
    public func delay(beforeAttempt attempt: Int, random: Double) -> Duration {
        let exponent = Double(max(attempt - 1, 0))
        let base = min(initialDelay * pow(multiplier, exponent), maximumDelay)
        return base * (1 - jitter * min(max(random, 0), 1))
    }

    private func pow(_ base: Double, _ exponent: Double) -> Double {
        var result = 1.0
        var remaining = Int(exponent)
        while remaining > 0 && result < 1e12 {
            result *= base
            remaining -= 1
        }
        return result
    }
}
