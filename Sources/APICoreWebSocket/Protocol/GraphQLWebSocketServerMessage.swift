import APICoreKit

/// A message from the server, in either protocol, read from one text frame.
enum GraphQLWebSocketServerMessage: Sendable, Hashable {
    /// `connection_ack`, with the server's optional payload.
    case connectionAck(JSONObject?)
    /// Legacy `connection_error`: the server refused the connection.
    case connectionError
    /// `ping`: the client must answer `pong` (graphql-transport-ws).
    case ping(JSONObject?)
    /// `pong`.
    case pong
    /// Legacy `ka`: the server's keep-alive.
    case keepAlive
    /// `next` (legacy `data`): one result of the subscription.
    case next(id: String, payload: GraphQLResponseBody)
    /// `error`: the subscription failed with GraphQL errors and ends.
    case error(id: String, errors: [GraphQLError])
    /// `complete`: the server ended the subscription.
    case complete(id: String)

    /// Reads a text frame; anything that is not a message of `wireProtocol` throws
    /// ``GraphQLWebSocketError/Kind/invalidMessage``.
    static func parse(
        _ text: String,
        protocol wireProtocol: GraphQLWebSocketProtocol,
        reader: JSONReader = JSONReader()
    ) throws(GraphQLWebSocketError) -> GraphQLWebSocketServerMessage {
        let json: JSONValue
        do throws(JSONParseError) {
            json = try reader.read(text)
        } catch {
            throw invalid("malformed JSON at byte \(error.offset)")
        }
        guard case .object(let message) = json else { throw invalid("a message must be a JSON object") }
        guard case .string(let type)? = message["type"] else { throw invalid("a message needs a string type") }
        let payload = message["payload"]
        switch (type, wireProtocol) {
        case ("connection_ack", _):
            return .connectionAck(try optionalObject(payload, in: type))
        case ("connection_error", .graphQLWS):
            return .connectionError
        case ("ping", .graphQLTransportWS):
            return .ping(try optionalObject(payload, in: type))
        case ("pong", .graphQLTransportWS):
            _ = try optionalObject(payload, in: type)
            return .pong
        case ("ka", .graphQLWS):
            return .keepAlive
        case ("next", .graphQLTransportWS), ("data", .graphQLWS):
            let id = try identifier(message, in: type)
            guard let payload, let body = GraphQLResponseBody(json: payload) else {
                throw invalid("\(type) for \(id) has no GraphQL result as its payload")
            }
            return .next(id: id, payload: body)
        case ("error", _):
            let id = try identifier(message, in: type)
            return .error(id: id, errors: try errors(payload, id: id))
        case ("complete", _):
            return .complete(id: try identifier(message, in: type))
        default:
            throw invalid("unknown message type \"\(type.prefix(40))\" for \(wireProtocol.subprotocol)")
        }
    }

    private static func invalid(_ reason: String) -> GraphQLWebSocketError {
        GraphQLWebSocketError(.invalidMessage, reason: reason)
    }

    private static func identifier(_ message: JSONObject, in type: String) throws(GraphQLWebSocketError) -> String {
        guard case .string(let id)? = message["id"], !id.isEmpty else { throw invalid("\(type) without an id") }
        return id
    }

    private static func optionalObject(
        _ payload: JSONValue?, in type: String
    ) throws(GraphQLWebSocketError)
        -> JSONObject?
    {
        switch payload {
        case nil, .null?: return nil
        case .object(let object)?: return object
        default: throw invalid("the payload of \(type) must be an object")
        }
    }

    /// graphql-transport-ws sends a list of errors; the legacy protocol one error object (or, from some servers, a
    /// list).
    private static func errors(_ payload: JSONValue?, id: String) throws(GraphQLWebSocketError) -> [GraphQLError] {
        switch payload {
        case .array(let entries)?:
            guard !entries.isEmpty, entries.allSatisfy({ $0.objectValue != nil }) else {
                throw invalid("error for \(id) needs a list of GraphQL errors")
            }
            return entries.map(GraphQLError.init(json:))
        case .object?:
            return [GraphQLError(json: payload!)]
        default:
            throw invalid("error for \(id) needs a list of GraphQL errors")
        }
    }
}
