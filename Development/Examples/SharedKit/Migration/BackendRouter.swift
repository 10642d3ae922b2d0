import APICoreGraphQL
import APICoreKit
import DevelopmentSupport
import Logging
import Metrics

/// Runs a feature's call on the backend its flag chooses, and falls back from GraphQL to REST when GraphQL fails for
/// a reason REST could avoid: the migration pattern of a REST app moving to GraphQL one feature at a time.
///
/// Every fallback is logged (a warning naming the feature and the error code, never a variable or a token) and
/// counted, both in ``fallbackCounts`` and in the swift-metrics counter `apicore_feature_fallbacks` with a `feature`
/// dimension.
public struct BackendRouter: Sendable {
    /// The flags that choose a backend per feature.
    public let flags: FeatureFlags
    private let logger: Logger
    private let counts: FallbackCounts

    /// A router over `flags`, logging to `logger`.
    public init(flags: FeatureFlags, logger: Logger = Logger(label: "APICoreKit.Migration")) {
        self.flags = flags
        self.logger = logger
        counts = FallbackCounts()
    }

    /// How many calls fell back from GraphQL to REST, per feature.
    public var fallbackCounts: [Feature: Int] { counts.snapshot }

    /// Answers `feature` over its flag's backend; a failed GraphQL call that may succeed over REST is made again over
    /// REST when the flags allow it. Returns the value and the backend that produced it.
    public func run<Value: Sendable>(
        _ feature: Feature,
        graphQL: () async throws(APIError) -> Value,
        rest: () async throws(APIError) -> Value
    ) async throws(APIError) -> (value: Value, backend: Backend) {
        guard flags.backend(for: feature) == .graphQL else { return (try await rest(), .rest) }
        do {
            return (try await graphQL(), .graphQL)
        } catch {
            guard fallsBack(feature, after: error) else { throw error }
            return (try await rest(), .rest)
        }
    }

    /// Whether a failed GraphQL call of `feature` is to be made again over REST; when it is, the fallback is logged
    /// and counted. For calls that ``run(_:graphQL:rest:)`` cannot wrap, such as a stream of responses.
    public func fallsBack(_ feature: Feature, after error: APIError) -> Bool {
        guard flags.fallsBackToREST, Self.restMayAnswer(after: error) else { return false }
        counts.increment(feature)
        Counter(label: "apicore_feature_fallbacks", dimensions: [("feature", feature.name)]).increment()
        logger.warning(
            "GraphQL failed; falling back to REST", metadata: ["feature": "\(feature.name)", "error": "\(error.code)"])
        return true
    }

    /// Whether a GraphQL failure is one REST might not share: the network, a server error status, a timeout, or an
    /// answer that could not be read. Cancellation, authentication and the caller's own mistakes are not.
    static func restMayAnswer(after error: APIError) -> Bool {
        switch error.code {
        case .httpStatus: (error.statusCode ?? 500) >= 500
        case .network, .timeout, .invalidResponse, .parsing, .graphQL, .noData: true
        default: false
        }
    }
}

/// Fallbacks counted per feature.
private final class FallbackCounts: Sendable {
    private let counts = Lock<[Feature: Int]>([:])

    var snapshot: [Feature: Int] { counts.withLock { $0 } }

    func increment(_ feature: Feature) {
        counts.withLock { $0[feature, default: 0] += 1 }
    }
}
