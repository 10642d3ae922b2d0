import APICoreGenerateCommand
import APICoreKit
import APICoreWebSocket
import ArgumentParser
import Foundation

/// `apicore subscribe`: runs a subscription over WebSocket and prints one JSON line per event.
///
/// Each line is the event's result as the server sent it (`data`, `errors`, `extensions`), compact, with 64-bit
/// integers exact. Messages go to standard error and never contain header values or variables.
///
/// A lost connection (cut, or silent past the keep-alive interval) is reopened with backoff and the subscription sent
/// again, with a note on standard error for each loss, attempt and reconnection; the events of every connection count
/// toward `--count`.
public struct SubscribeCommand: AsyncParsableCommand {
    /// The subcommand's name, help text and exit statuses.
    public static let configuration = CommandConfiguration(
        commandName: "subscribe",
        abstract: "Run a GraphQL subscription over WebSocket and print one JSON line per event.",
        discussion: """
            A lost connection (cut, or silent for --keep-alive seconds) is reopened with backoff and the \
            subscription sent again; a note on standard error says so each time, and the events of every connection \
            count toward --count.

            Exit status: 0 after --count events, or when the server completes the subscription; 4 when the server \
            fails it with GraphQL errors (an event with errors and no data, which is printed first), or completes it \
            before --count events; 5 when the connection fails for good (the server refused it, closed it with a \
            code that forbids reconnecting, or --reconnect-attempts reconnections in a row failed) or this build has \
            no WebSocket client (on Linux, run apicore-nio); 1 invalid input \
            (such as variables that are not a JSON object); 2 usage or I/O errors.
            """
    )

    @Option(help: ArgumentHelp("The WebSocket endpoint (ws or wss).", valueName: "url"))
    var endpoint: String

    @OptionGroup var input: OperationOptions

    @Option(help: ArgumentHelp("Stop after this many events.", valueName: "n"))
    var count: Int?

    @Option(
        name: .customLong("protocol"),
        help: ArgumentHelp("The subprotocol: graphql-transport-ws (default) or graphql-ws.", valueName: "name"))
    var wireProtocol: String = GraphQLWebSocketProtocol.graphQLTransportWS.subprotocol

    @Option(
        name: .customLong("keep-alive"),
        help: ArgumentHelp(
            "Give up on a connection silent for this long and reconnect; 0 never checks.", valueName: "seconds"))
    var keepAlive: Double = 20

    @Option(
        name: .customLong("reconnect-attempts"),
        help: ArgumentHelp(
            "Reconnections in a row that may fail before the command fails; 0 never reconnects.", valueName: "n"))
    var reconnectAttempts: Int = 10

    /// A command with no options set; ArgumentParser fills them in.
    public init() {}

    /// Rejects usage errors before anything is read or sent.
    public func validate() throws {
        _ = try endpointURL()
        _ = try subprotocol()
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        if !(keepAlive == 0 || (0.1...86400).contains(keepAlive)) {
            throw ValidationError("--keep-alive must be 0 (never) or between 0.1 and 86400 seconds")
        }
        if reconnectAttempts < 0 { throw ValidationError("--reconnect-attempts must be 0 or more") }
    }

    /// Subscribes and prints each event until `--count` events arrived or the subscription ended.
    public func run() async throws {
        let (documentText, variableValues) = try input.load()
        guard let connector = CommandTransports.current.webSocket else {
            StandardStreams.writeLine(
                "error: this build of apicore has no WebSocket client on this platform (Foundation's fails on Linux); "
                    + "run apicore-nio, from the APICoreNIO package, which subscribes over SwiftNIO", to: .error)
            throw ExitCode(5)
        }
        let transport = WebSocketSubscriptionTransport(
            configuration: WebSocketTransportConfiguration(
                url: try endpointURL(), wireProtocol: try subprotocol(), headers: try input.headerFields(),
                keepAliveInterval: keepAlive > 0 ? .milliseconds(Int64((keepAlive * 1000).rounded())) : nil,
                reconnectPolicy: GraphQLWebSocketReconnectPolicy(maximumAttempts: reconnectAttempts),
                connector: connector))
        let request = GraphQLSubscriptionRequest(
            operationName: input.operation, document: documentText, variables: variableValues)
        let events = transport.connectionEvents()
        let notes = Task {
            for await event in events {
                if let note = Self.note(for: event) { StandardStreams.writeLine("note: \(note)", to: .error) }
            }
        }
        var received = 0
        let outcome: Result<Void, any Error>
        do {
            for try await event in transport.subscribe(request) {
                StandardStreams.writeLine(JSONWriter().string(Self.json(of: event)), to: .output)
                if event.data == nil, !event.errors.isEmpty {
                    for graphQLError in event.errors {
                        StandardStreams.writeLine("error: \(graphQLError.message)", to: .error)
                    }
                    throw ExitCode(4)
                }
                received += 1
                if let count, received >= count { break }
            }
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        // The notes of what happened before the end are written before what the end says: the transport reported
        // them before it ended the subscription, and a cancelled stream still hands out what it holds.
        notes.cancel()
        await notes.value
        try Self.finish(outcome, received: received, count: count, operationName: input.operation)
    }

    /// Exits as the subscription's end says: at once after an exit code; with 4 or 5 and the error on standard error
    /// after a failure; with 4 when the server completed it before `count` events.
    private static func finish(
        _ outcome: Result<Void, any Error>, received: Int, count: Int?, operationName: String?
    ) throws {
        do {
            try outcome.get()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            let apiError = APIError(wrapping: error, operationName: operationName)
            StandardStreams.writeLine("error: \(apiError.description)", to: .error)
            for graphQLError in apiError.graphQLErrors {
                StandardStreams.writeLine("error: \(graphQLError.message)", to: .error)
            }
            throw ExitCode(apiError.code == .graphQL ? 4 : 5)
        }
        if let count, received < count {
            StandardStreams.writeLine(
                "error: the server completed the subscription after \(received) of \(count) events", to: .error)
            throw ExitCode(4)
        }
    }

    /// The note on standard error for a connection event; `nil` for the first connection and the last close, which
    /// need none.
    static func note(for event: WebSocketConnectionEvent) -> String? {
        switch event {
        case .connected(let number) where number > 1:
            "reconnected; the subscription was sent again (connection \(number))"
        case .lost(let error):
            "connection lost: \(error.reason)\(error.closeCode.map { " (close code \($0))" } ?? "")"
        case .reconnecting(let attempt, let delay):
            "reconnecting in \(Self.seconds(delay)) (attempt \(attempt))"
        case .connected, .failed, .closed:
            nil
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return "\(milliseconds / 1000).\(String(format: "%03d", Int(milliseconds % 1000))) s"
    }

    private static func json(of body: GraphQLResponseBody) -> JSONValue {
        var object = JSONObject()
        object["data"] = body.data.map(JSONValue.object) ?? .null
        if !body.errors.isEmpty { object["errors"] = .array(body.errors.map(\.jsonValue)) }
        if !body.extensions.isEmpty { object["extensions"] = .object(body.extensions) }
        return .object(object)
    }

    private func endpointURL() throws(ValidationError) -> URL {
        try EndpointArgument.url(endpoint, schemes: ["ws", "wss"])
    }

    private func subprotocol() throws(ValidationError) -> GraphQLWebSocketProtocol {
        guard let value = GraphQLWebSocketProtocol(rawValue: wireProtocol) else {
            throw ValidationError("--protocol must be graphql-transport-ws or graphql-ws")
        }
        return value
    }
}
