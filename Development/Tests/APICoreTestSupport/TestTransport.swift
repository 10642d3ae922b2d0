import APICoreKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP transports a live, fault or incremental test runs on: every one that builds on this platform, so that
/// one test body proves both (`@Test(arguments: TestTransport.allCases)`).
public enum TestTransport: String, CaseIterable, Sendable {
    /// ``URLSessionTransport`` on its own ephemeral session.
    case urlSession
    #if canImport(AsyncHTTPClient)
        /// `AsyncHTTPClientTransport` with a client and event loop of its own.
        case asyncHTTPClient
    #endif

    /// A new transport of this kind.
    public func make(requestTimeout: Duration = .seconds(60)) -> any HTTPTransport {
        switch self {
        case .urlSession:
            URLSessionTransport(requestTimeout: requestTimeout)
        #if canImport(AsyncHTTPClient)
            case .asyncHTTPClient:
                AsyncHTTPClientTransport(requestTimeout: requestTimeout)
        #endif
        }
    }
}
