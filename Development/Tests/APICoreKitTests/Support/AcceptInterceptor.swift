import APICoreKit

/// Replaces each request's `Accept` header, so that the reference server answers with another media type.
struct AcceptInterceptor: APIInterceptor {
    let accept: String

    func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        var request = request
        request.headers["Accept"] = accept
        return try await next(request)
    }
}
