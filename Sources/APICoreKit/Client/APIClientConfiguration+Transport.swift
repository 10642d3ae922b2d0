extension APIClientConfiguration {
    /// The platform's HTTP transport, as a configuration gets it when none is given: with the package's `SwiftNIO`
    /// trait, `AsyncHTTPClientTransport` on Linux and Android (SwiftNIO, which neither busy-waits on a stalled body
    /// nor keeps memory per request, as swift-corelibs-foundation's `URLSession` does there); ``URLSessionTransport``
    /// on Apple platforms, and on Linux without the trait.
    ///
    /// The AsyncHTTPClient transport starts its client and event loop on its first request and shuts them down when
    /// the last configuration holding it goes away. `requestTimeout` bounds the wait for a response head; the
    /// client's own time limit covers each whole call.
    public static func defaultTransport(requestTimeout: Duration = .seconds(60)) -> any HTTPTransport {
        #if SwiftNIO && (os(Linux) || os(Android))
            return AsyncHTTPClientTransport(requestTimeout: requestTimeout)
        #else
            return URLSessionTransport(requestTimeout: requestTimeout)
        #endif
    }
}
