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
/// one call to ``TokenProvider/refreshToken(rejecting:)``, then one retry each. A request rejected with a token that
/// was already replaced retries with the newer token without refreshing again. A failed refresh fails the requests
/// waiting for it with ``APIError/Code/unauthorized``, and the next 401 tries a new refresh. A request still
/// rejected after its retry returns that 401 response, which the client reports as unauthorized.
///
/// Requests made while refreshing (the provider may call its refresh endpoint through the same client) pass through
/// untouched, so a refresh never waits for itself. Waiting for a refresh honours cancellation and timeouts.
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

    /// Sends the request with the current token; on `401 Unauthorized`, waits for a refreshed token and sends it once
    /// more. Throws what the provider throws while getting or refreshing the token.
    public func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        if TokenRefreshCoordinator.isRefreshing { return try await next(request) }
        let token = try await coordinator.token()
        let response = try await next(authorized(request, with: token))
        guard response.statusCode == 401 else { return response }
        let refreshed = try await coordinator.refreshedToken(replacing: token)
        return try await next(authorized(request, with: refreshed))
    }

    private func authorized(_ request: HTTPRequest, with token: String?) -> HTTPRequest {
        var request = request
        request.headers[headerName] = token.map { scheme.isEmpty ? $0 : scheme + " " + $0 }
        return request
    }
}

/// Shares one token refresh among every request rejected with the same token.
///
/// The provider stays the source of truth for the current token (it stores what its refresh returns). The
/// coordinator remembers the refresh in flight, which every rejected request awaits, and the last successful one, so a
/// request rejected with a token that was already replaced reuses its result instead of refreshing again.
actor TokenRefreshCoordinator {
    /// Set inside a refresh, so requests the provider makes while refreshing bypass the interceptor.
    @TaskLocal static var isRefreshing = false

    private let provider: any TokenProvider
    private var inFlight: SharedCompletion<String>?
    private var lastRefresh: (rejected: String?, token: String)?

    init(provider: any TokenProvider) {
        self.provider = provider
    }

    /// The token to send; waits (cancellably) for a refresh in flight rather than send a token about to be replaced.
    func token() async throws -> String? {
        if let inFlight {
            do {
                _ = try await inFlight.value()
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                // A failed refresh fails the requests it rejected; this one tries with what the provider has.
            }
        }
        return try await provider.currentToken()
    }

    /// A token newer than `rejected`: the refresh in flight, the last refresh made for it, the provider's token if it
    /// has changed since, or a new refresh.
    func refreshedToken(replacing rejected: String?) async throws -> String {
        if let inFlight { return try await inFlight.value() }
        if let lastRefresh, lastRefresh.rejected == rejected { return lastRefresh.token }
        let current = try await provider.currentToken()
        // Another caller may have started a refresh while this one asked the provider.
        if let inFlight { return try await inFlight.value() }
        if let current, current != rejected { return current }

        let completion = SharedCompletion<String>()
        inFlight = completion
        let provider = provider
        Task {
            let result: Result<String, any Error>
            do {
                let token = try await Self.$isRefreshing.withValue(true) {
                    try await provider.refreshToken(rejecting: rejected)
                }
                result = .success(token)
            } catch {
                result = .failure(APIError(.unauthorized, underlying: error, reason: "token refresh failed"))
            }
            finish(rejected: rejected, result: result)
            completion.complete(result)
        }
        return try await completion.value()
    }

    private func finish(rejected: String?, result: Result<String, any Error>) {
        inFlight = nil
        if case .success(let token) = result { lastRefresh = (rejected, token) }
    }
}
