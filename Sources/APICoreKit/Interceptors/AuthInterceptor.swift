/// Supplies and refreshes the bearer token of an ``AuthInterceptor``.
public protocol TokenProvider: Sendable {
    /// The current token, or `nil` to send the request without credentials.
    func currentToken() async throws -> String?

    /// Obtains a new token after the server rejected `rejectedToken`. Called once for any number of requests that
    /// were rejected with the same token at the same time.
    func refreshToken(rejecting rejectedToken: String?) async throws -> String
}

/// Adds `Authorization: Bearer <token>` to every request and, on `401 Unauthorized`, refreshes the token once and
/// retries the request once with the new token.
///
/// Concurrent requests rejected with the same token share one refresh: fifty requests that all hit 401 cause exactly
/// one call to ``TokenProvider/refreshToken(rejecting:)``, then one retry each. A request still rejected after its
/// retry fails with ``APIError/Code/unauthorized``.
public struct AuthInterceptor: APIInterceptor {
    private let coordinator: TokenRefreshCoordinator
    private let headerName: String
    private let scheme: String

    /// An interceptor with the given token provider; the header and scheme are configurable for APIs that differ.
    public init(tokenProvider: any TokenProvider, headerName: String = "Authorization", scheme: String = "Bearer") {
        coordinator = TokenRefreshCoordinator(provider: tokenProvider)
        self.headerName = headerName
        self.scheme = scheme
    }

    public func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        let token = try await coordinator.token()
        let response = try await next(authorized(request, with: token))
        guard response.statusCode == 401 else { return response }

        let refreshed = try await coordinator.refreshedToken(replacing: token)
        let retry = try await next(authorized(request, with: refreshed))
        guard retry.statusCode == 401 else { return retry }
        throw APIError(.unauthorized, operationName: request.operationName, statusCode: 401)
    }

    private func authorized(_ request: HTTPRequest, with token: String?) -> HTTPRequest {
        var request = request
        request.headers[headerName] = token.map { scheme.isEmpty ? $0 : "\(scheme) \($0)" }
        return request
    }
}

/// Shares one token refresh among every request rejected with the same token.
///
/// The provider stays the source of truth for the current token (it stores what its refresh returns); the coordinator
/// only remembers the last refresh, so a request rejected with a token that was already replaced reuses its result.
actor TokenRefreshCoordinator {
    private let provider: any TokenProvider
    private var lastRefresh: (rejected: String?, task: Task<String, any Error>)?

    init(provider: any TokenProvider) {
        self.provider = provider
    }

    /// The token to send; waits for a refresh in flight rather than sending a token about to be replaced.
    func token() async throws -> String? {
        if let lastRefresh {
            _ = try? await lastRefresh.task.value
        }
        return try await provider.currentToken()
    }

    /// A token newer than `rejected`: the result of the refresh already made for it, or of a new one.
    func refreshedToken(replacing rejected: String?) async throws -> String {
        if let lastRefresh, lastRefresh.rejected == rejected {
            return try await lastRefresh.task.value
        }
        let provider = provider
        let task = Task { () throws -> String in
            do {
                return try await provider.refreshToken(rejecting: rejected)
            } catch {
                throw APIError(.unauthorized, underlying: error, reason: "token refresh failed")
            }
        }
        lastRefresh = (rejected, task)
        return try await task.value
    }
}
