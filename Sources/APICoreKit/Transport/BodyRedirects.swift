import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Following, in the transport, a 307 or 308 redirect that the HTTP stack below returns unfollowed because it cannot
/// send the request's body again: AsyncHTTPClient for a streamed body, swift-corelibs-foundation for any body (it
/// follows a 307 with the method but without the body). The request goes to the new address with its method and its
/// whole body from the start, which ``HTTPBodyStream`` can read again.
///
/// As HTTP stacks do, a redirect to another origin drops `Authorization`, `Proxy-Authorization`, `Cookie` and
/// `Origin`; a redirect to an address already visited, or one past the limit, fails with
/// `URLError.httpTooManyRedirects`.
///
/// Shared with the SwiftNIO transports of the `APICoreNIO` package (`@_spi(Transport)`); not API.
@_spi(Transport) public enum BodyRedirects {
    /// Sends `request`, then again to each 307 or 308 target, up to `limit` redirects, while `applies` says the
    /// request needs it; `discard` lets go of each redirect response before the next request.
    @_spi(Transport) public static func follow<Response>(
        _ request: HTTPRequest,
        limit: Int,
        applies: (HTTPRequest) -> Bool,
        send: (HTTPRequest) async throws -> Response,
        head: (Response) -> (status: Int, location: String?),
        discard: (Response) async throws -> Void
    ) async throws -> Response {
        var request = request
        var visited: Set<URL> = [request.url]
        while true {
            let response = try await send(request)
            let (status, location) = head(response)
            guard applies(request), let target = target(status: status, location: location, from: request.url) else {
                return response
            }
            try await discard(response)
            guard visited.count <= limit, visited.insert(target).inserted else {
                throw URLError(.httpTooManyRedirects, userInfo: [NSURLErrorFailingURLErrorKey: target])
            }
            request = redirected(request, to: target)
        }
    }

    /// Where a 307 or 308 sends a request to `url`, if the response is one, with an HTTP or HTTPS `Location`.
    static func target(status: Int, location: String?, from url: URL) -> URL? {
        guard status == 307 || status == 308, let location,
            let target = URL(string: location, relativeTo: url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        return target
    }

    /// `request` sent to `target`, without the credentials of its origin when `target` is another.
    static func redirected(_ request: HTTPRequest, to target: URL) -> HTTPRequest {
        var redirected = request
        if origin(of: request.url) != origin(of: target) {
            for name in ["Authorization", "Proxy-Authorization", "Cookie", "Origin"] {
                redirected.headers[name] = nil
            }
        }
        redirected.url = target
        return redirected
    }

    /// A URL's scheme, host and port (RFC 6454), a missing port counting as the scheme's default.
    private static func origin(of url: URL) -> [String?] {
        let scheme = url.scheme?.lowercased()
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
        return [scheme, url.host?.lowercased(), port.map(String.init)]
    }
}
