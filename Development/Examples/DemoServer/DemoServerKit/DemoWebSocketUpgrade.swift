import Foundation
import GraphQL
import Hummingbird
import HummingbirdWebSocket

/// Upgrades `GET /graphql` requests that ask for a WebSocket to a `graphql-transport-ws` session and passes every
/// other request on, so one path serves GraphQL over HTTP and over WebSocket.
struct DemoWebSocketUpgrade: RouterMiddleware {
    typealias Context = BasicWebSocketRequestContext

    private let upgrade: WebSocketUpgradeMiddleware<Context>

    init(schema: GraphQLSchema) {
        upgrade = WebSocketUpgradeMiddleware(
            shouldUpgrade: { request, _ in
                let offered = request.headers[.secWebSocketProtocol]?.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard offered?.contains(GraphQLTransportWSSession.subprotocol) ?? true else { return .dontUpgrade }
                return .upgrade([.secWebSocketProtocol: GraphQLTransportWSSession.subprotocol])
            },
            onUpgrade: { inbound, outbound, _ in
                try await GraphQLTransportWSSession(schema: schema, outbound: outbound).run(inbound)
            })
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method == .get, request.uri.path == "/graphql",
            request.headers[.upgrade]?.lowercased() == "websocket"
        else { return try await next(request, context) }
        return try await upgrade.handle(request, context: context, next: next)
    }
}
