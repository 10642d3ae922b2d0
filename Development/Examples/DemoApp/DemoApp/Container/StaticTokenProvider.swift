import APICoreKit

/// A ``APICoreKit/TokenProvider`` with one fixed token: enough for a demo server that does not check credentials.
///
/// A real app reads its token from the keychain and refreshes it through its identity provider.
public struct StaticTokenProvider: TokenProvider {
    /// The token sent with every request.
    public let token: String

    /// A provider that always answers `token`.
    public init(token: String) {
        self.token = token
    }

    /// The fixed token.
    public func currentToken() async throws -> String? { token }

    /// The fixed token again: there is nothing to refresh.
    public func refreshToken(rejecting rejectedToken: String?) async throws -> String { token }
}
