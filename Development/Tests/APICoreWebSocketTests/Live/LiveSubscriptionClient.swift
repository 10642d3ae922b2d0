import APICoreKit
import APICoreTestSupport
import APICoreWebSocket
import Foundation
import Testing

/// A client whose subscriptions go to a reference server over WebSocket.
struct LiveSubscriptionClient {
    let client: APIClient
    let transport: WebSocketSubscriptionTransport
    let server: ReferenceServer

    /// The WebSocket URL of `path` on `server`.
    static func webSocketURL(_ server: ReferenceServer, path: String = "/graphql") -> URL {
        URL(string: "ws://127.0.0.1:\(server.port)\(path)")!
    }

    /// The path of `wireProtocol`'s endpoint: ariadne serves the legacy protocol on a route of its own.
    static func path(
        _ implementation: ReferenceServer.Implementation, _ wireProtocol: GraphQLWebSocketProtocol
    )
        -> String
    {
        implementation == .ariadne && wireProtocol == .graphQLWS ? "/graphql-ws" : "/graphql"
    }

    init(
        _ server: ReferenceServer,
        wireProtocol: GraphQLWebSocketProtocol = .graphQLTransportWS,
        reconnectPolicy: GraphQLWebSocketReconnectPolicy = .never,
        cache: CacheStore? = nil
    ) {
        self.server = server
        transport = WebSocketSubscriptionTransport(
            configuration: WebSocketTransportConfiguration(
                url: Self.webSocketURL(server, path: Self.path(server.implementation, wireProtocol)),
                wireProtocol: wireProtocol, reconnectPolicy: reconnectPolicy, connector: platformWebSocketConnector))
        client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: server.url("/graphql"), transport: TestTransport.platform.make(), cache: cache,
                subscriptionTransport: transport))
    }

    /// Runs a mutation over HTTP and returns its `Int!` result field.
    func mutate(_ document: String, field: String) async throws -> Int64? {
        struct Result: Decodable, Sendable {}
        let response = try await client.execute(document: document, as: JSONValue.self)
        return response.value[field]?.intValue
    }
}

/// Collects a stream's values until it ends (or `limit` of them came); returns them with the error it ended with.
///
/// A stream that neither ends nor reaches `limit` within `bound` (generous: a bound, never a measure) records an
/// issue and comes back empty, so that a subscription that hangs fails its test instead of hanging the run.
func collect<Value: Sendable>(
    _ stream: AsyncThrowingStream<Value, any Error>, limit: Int = .max, within bound: Duration = .seconds(120),
    sourceLocation: SourceLocation = #_sourceLocation
) async -> (values: [Value], error: APIError?) {
    let collected = await outcome(within: bound) { () async -> (values: [Value], error: APIError?) in
        var values: [Value] = []
        do {
            for try await value in stream {
                values.append(value)
                if values.count >= limit { break }
            }
            return (values, nil)
        } catch let error as APIError {
            return (values, error)
        } catch {
            return (values, APIError(wrapping: error, operationName: nil))
        }
    }
    guard let collected else {
        Issue.record("the stream was still open after \(bound)", sourceLocation: sourceLocation)
        return ([], nil)
    }
    return collected
}
