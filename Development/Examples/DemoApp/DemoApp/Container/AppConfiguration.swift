import APICoreKit
import Foundation
import Logging

/// Where the app's backend is, where it keeps its files and how it authenticates and logs: everything an
/// ``AppContainer`` needs to build the app's API layer.
public struct AppConfiguration: Sendable {
    /// The GraphQL endpoint (`https://api.example.com/graphql`).
    public var graphQLEndpoint: URL
    /// The root of the REST API, which the kits' paths (`/users/{id}`, `/products`) are resolved against
    /// (`https://api.example.com/rest`).
    public var restBaseURL: URL
    /// The `graphql-transport-ws` endpoint that carries subscriptions.
    public var webSocketURL: URL
    /// The folder holding `cache.sqlite` (the normalized cache) and `entities.sqlite` (the entity store).
    public var dataDirectory: URL
    /// Supplies the bearer token of every request.
    public var tokenProvider: any TokenProvider
    /// Where the API layer logs; warnings and errors only by default, so the app's own output stays readable.
    public var logger: Logger

    /// A configuration with every endpoint given.
    public init(
        graphQLEndpoint: URL,
        restBaseURL: URL,
        webSocketURL: URL,
        dataDirectory: URL,
        tokenProvider: any TokenProvider = StaticTokenProvider(token: "demo-token"),
        logger: Logger = AppConfiguration.defaultLogger
    ) {
        self.graphQLEndpoint = graphQLEndpoint
        self.restBaseURL = restBaseURL
        self.webSocketURL = webSocketURL
        self.dataDirectory = dataDirectory
        self.tokenProvider = tokenProvider
        self.logger = logger
    }

    /// A configuration for the server whose GraphQL endpoint is `graphQLEndpoint`: REST on the same origin under
    /// `/rest`, and subscriptions on the same URL over `ws` (or `wss` for `https`). Returns `nil` for a URL that is
    /// not `http` or `https` with a host.
    public init?(
        graphQLEndpoint: URL,
        dataDirectory: URL,
        tokenProvider: any TokenProvider = StaticTokenProvider(token: "demo-token"),
        logger: Logger = AppConfiguration.defaultLogger
    ) {
        guard var components = URLComponents(url: graphQLEndpoint, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            components.host?.isEmpty == false
        else { return nil }
        components.scheme = scheme == "https" ? "wss" : "ws"
        guard let webSocketURL = components.url else { return nil }
        components.scheme = scheme
        components.path = "/rest"
        components.query = nil
        components.fragment = nil
        guard let restBaseURL = components.url else { return nil }
        self.init(
            graphQLEndpoint: graphQLEndpoint, restBaseURL: restBaseURL, webSocketURL: webSocketURL,
            dataDirectory: dataDirectory, tokenProvider: tokenProvider, logger: logger)
    }

    /// A logger labelled `DemoApp` that lets warnings and errors through.
    public static var defaultLogger: Logger {
        var logger = Logger(label: "DemoApp")
        logger.logLevel = .warning
        return logger
    }
}
