import APICoreGraphQL
import DevelopmentSupport

/// A feature of a kit that can be served by GraphQL or by REST while the app migrates: `Feature.userProfile`.
public struct Feature: Hashable, Sendable, CustomStringConvertible {
    /// The name used in logs and metrics.
    public let name: String

    /// A feature called `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// The feature's name.
    public var description: String { name }
}

/// The API a feature uses.
public enum Backend: String, Sendable, Hashable, CustomStringConvertible {
    /// The GraphQL API, through the generated operations.
    case graphQL = "GraphQL"
    /// The REST API the app used before GraphQL.
    case rest = "REST"

    /// `GraphQL` or `REST`, for labels and logs.
    public var description: String { rawValue }
}

/// Which backend each feature uses, and whether a failed GraphQL call is retried over REST; changeable at run time
/// (from a remote configuration, a debug menu or a test).
public final class FeatureFlags: Sendable {
    private struct State {
        var backends: [Feature: Backend]
        var defaultBackend: Backend
        var fallsBackToREST: Bool
    }

    private let state: Lock<State>

    /// Flags with every feature on `defaultBackend`, and fallback to REST on or off.
    public init(defaultBackend: Backend = .graphQL, fallsBackToREST: Bool = true) {
        state = Lock(State(backends: [:], defaultBackend: defaultBackend, fallsBackToREST: fallsBackToREST))
    }

    /// The backend a feature uses now.
    public func backend(for feature: Feature) -> Backend {
        state.withLock { $0.backends[feature] ?? $0.defaultBackend }
    }

    /// Moves a feature to a backend.
    public func setBackend(_ backend: Backend, for feature: Feature) {
        state.withLock { $0.backends[feature] = backend }
    }

    /// Whether a GraphQL call that fails for a reason REST could avoid (the network, the server, a malformed answer)
    /// is made again over REST.
    public var fallsBackToREST: Bool {
        get { state.withLock { $0.fallsBackToREST } }
        set { state.withLock { $0.fallsBackToREST = newValue } }
    }
}
