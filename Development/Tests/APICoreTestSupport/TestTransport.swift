import APICoreKit
import APICoreNIO
import APICoreWebSocket
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP transports a live, fault or incremental test runs on: every one that builds on this platform, so that
/// one test body proves both (`@Test(arguments: TestTransport.allCases)`).
public enum TestTransport: String, CaseIterable, Sendable {
    /// ``URLSessionTransport`` on its own ephemeral session.
    case urlSession
    /// `AsyncHTTPClientTransport` with a client and event loop of its own.
    case asyncHTTPClient

    /// The transport an app on this platform configures: AsyncHTTPClient (the `APICoreNIO` package) on Linux and
    /// Android, URLSession on Apple platforms.
    public static var platform: TestTransport {
        #if os(Linux) || os(Android)
            .asyncHTTPClient
        #else
            .urlSession
        #endif
    }

    /// A new transport of this kind.
    public func make(requestTimeout: Duration = .seconds(60)) -> any HTTPTransport {
        switch self {
        case .urlSession: URLSessionTransport(requestTimeout: requestTimeout)
        case .asyncHTTPClient: AsyncHTTPClientTransport(requestTimeout: requestTimeout)
        }
    }
}

/// The WebSocket client an app on this platform configures: swift-websocket's (the `APICoreNIO` package) on Linux and
/// Android, where `URLSessionWebSocketTask` fails at run time; URLSession's on Apple platforms.
public let platformWebSocketConnector: any GraphQLWebSocketConnector = {
    #if os(Linux) || os(Android)
        NIOWebSocketConnector()
    #else
        URLSessionWebSocketConnector()
    #endif
}()
