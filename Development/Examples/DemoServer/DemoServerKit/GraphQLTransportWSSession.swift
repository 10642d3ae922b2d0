import APICoreGraphQL
import DevelopmentSupport
import Foundation
import GraphQL
import HummingbirdWebSocket

/// One WebSocket connection speaking `graphql-transport-ws`: `connection_init` is acknowledged, `ping` answered,
/// each `subscribe` runs until its stream ends or the client sends `complete`.
struct GraphQLTransportWSSession: Sendable {
    static let subprotocol = "graphql-transport-ws"

    let schema: GraphQLSchema
    let outbound: WebSocketOutboundWriter

    /// The session's operations by id, until each ends or is completed by the client.
    private final class RunningOperations: Sendable {
        let tasks = Lock<[String: Task<Void, Never>]>([:])
    }

    /// A client message; `payload` is the `subscribe` parameters or the `connection_init` payload.
    private struct Incoming: Decodable {
        var type: String
        var id: String?
        var payload: Map?
    }

    /// A server message.
    private struct Outgoing<Payload: Encodable>: Encodable {
        var type: String
        var id: String?
        var payload: Payload?
    }

    /// Reads messages until the client closes the connection, then stops its subscriptions.
    func run(_ inbound: WebSocketInboundStream) async throws {
        let operations = RunningOperations()
        defer { operations.tasks.withLock { for task in $0.values { task.cancel() } } }
        for try await message in inbound.messages(maxSize: 1 << 20) {
            guard case .text(let text) = message,
                let incoming = try? JSONDecoder().decode(Incoming.self, from: Data(text.utf8))
            else {
                try await outbound.close(.unknown(4400), reason: "Invalid message")
                return
            }
            switch incoming.type {
            case "connection_init": try await send(Outgoing<Map>(type: "connection_ack"))
            case "ping": try await send(Outgoing<Map>(type: "pong"))
            case "pong": break
            case "subscribe":
                guard let id = incoming.id, let query = incoming.payload?["query"].string else {
                    try await outbound.close(.unknown(4400), reason: "Invalid subscribe message")
                    return
                }
                let variables = incoming.payload?["variables"].dictionary.map {
                    Dictionary(uniqueKeysWithValues: $0.map { ($0.key, $0.value) })
                }
                let operationName = incoming.payload?["operationName"].string
                let task = Task {
                    await runOperation(id: id, query: query, variables: variables ?? [:], operationName: operationName)
                    _ = operations.tasks.withLock { $0.removeValue(forKey: id) }
                }
                operations.tasks.withLock { $0[id] = task }
            case "complete":
                if let id = incoming.id { operations.tasks.withLock { $0.removeValue(forKey: id) }?.cancel() }
            default:
                try await outbound.close(.unknown(4400), reason: "Unknown message type")
                return
            }
        }
    }

    private func runOperation(id: String, query: String, variables: [String: Map], operationName: String?) async {
        do {
            let subscription = try await graphqlSubscribe(
                schema: schema, request: query, variableValues: variables, operationName: operationName)
            switch subscription {
            case .failure(let errors):
                try await send(Outgoing(type: "error", id: id, payload: errors.errors))
                return
            case .success(let stream):
                for try await result in stream {
                    try await send(Outgoing(type: "next", id: id, payload: result))
                }
            }
            if !Task.isCancelled { try await send(Outgoing<Map>(type: "complete", id: id)) }
        } catch {
            try? await send(Outgoing(type: "error", id: id, payload: [GraphQLError(message: "\(error)")]))
        }
    }

    private func send(_ message: some Encodable) async throws {
        let data = try GraphQLJSONEncoder().encode(message)
        try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
    }
}
