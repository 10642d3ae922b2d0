extension APIClientConfiguration {
    /// The HTTP transport a configuration gets when none is given: ``URLSessionTransport``.
    ///
    /// On Linux and Android, pass `AsyncHTTPClientTransport` from the `APICoreNIO` package instead
    /// (`transport: .asyncHTTPClient()`): swift-corelibs-foundation's `URLSession` busy-waits on a stalled body and
    /// is several times slower there. That transport lives in a package of its own so that an app on Apple platforms
    /// never resolves SwiftNIO.
    public static func defaultTransport(requestTimeout: Duration = .seconds(60)) -> any HTTPTransport {
        URLSessionTransport(requestTimeout: requestTimeout)
    }
}

extension HTTPTransport where Self == URLSessionTransport {
    /// Foundation's `URLSession`, the HTTP transport for Apple platforms: `transport: .urlSession()` in an
    /// ``APIClientConfiguration``. `requestTimeout` bounds the wait for a response head.
    public static func urlSession(requestTimeout: Duration = .seconds(60)) -> URLSessionTransport {
        URLSessionTransport(requestTimeout: requestTimeout)
    }
}
