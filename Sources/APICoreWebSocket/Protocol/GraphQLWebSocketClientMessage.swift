import APICoreKit

/// A message the client sends, in either protocol.
enum GraphQLWebSocketClientMessage: Sendable, Hashable {
    /// `connection_init`, with the connection payload (credentials) when there is one.
    case connectionInit(JSONObject?)
    /// `subscribe` (legacy `start`).
    case subscribe(id: String, payload: JSONObject)
    /// `complete` (legacy `stop`): the client ends a subscription.
    case complete(id: String)
    /// `ping`.
    case ping
    /// `pong`, echoing the ping's payload.
    case pong(JSONObject?)
    /// Legacy `connection_terminate`, before the client closes an idle connection.
    case connectionTerminate

    /// The text frame of this message in `wireProtocol`.
    func encoded(for wireProtocol: GraphQLWebSocketProtocol, writer: JSONWriter = JSONWriter()) -> String {
        let legacy = wireProtocol == .graphQLWS
        var message = JSONObject()
        switch self {
        case .connectionInit(let payload):
            message["type"] = "connection_init"
            if let payload { message["payload"] = .object(payload) }
        case .subscribe(let id, let payload):
            message["id"] = .string(id)
            message["type"] = legacy ? "start" : "subscribe"
            message["payload"] = .object(payload)
        case .complete(let id):
            message["id"] = .string(id)
            message["type"] = legacy ? "stop" : "complete"
        case .ping:
            message["type"] = "ping"
        case .pong(let payload):
            message["type"] = "pong"
            if let payload { message["payload"] = .object(payload) }
        case .connectionTerminate:
            message["type"] = "connection_terminate"
        }
        return writer.string(.object(message))
    }
}
