extension APIClientConfiguration {
    /// The platform's HTTP transport, as a configuration gets it when none is given: ``AsyncHTTPClientTransport`` on
    /// Linux (SwiftNIO, which neither busy-waits on a stalled body nor keeps memory per request, as
    /// swift-corelibs-foundation's `URLSession` does there), ``URLSessionTransport`` on Apple platforms.
    ///
    /// The AsyncHTTPClient transport starts its client and event loop on its first request and shuts them down when
    /// the last configuration holding it goes away.
    public static func defaultTransport() -> any HTTPTransport {
        #if canImport(AsyncHTTPClient)
            AsyncHTTPClientTransport()
        #else
            URLSessionTransport()
        #endif
    }
}
