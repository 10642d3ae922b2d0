import APICoreGenerateCommand
import APICoreKit
import APICoreWebSocket
import ArgumentParser
import Foundation

/// `apicore subscribe`: runs a subscription over WebSocket and prints one JSON line per event.
///
/// Each line is the event's result as the server sent it (`data`, `errors`, `extensions`), compact, with 64-bit
/// integers exact. Messages go to standard error and never contain header values or variables.
public struct SubscribeCommand: AsyncParsableCommand {
    /// The subcommand's name, help text and exit statuses.
    public static let configuration = CommandConfiguration(
        commandName: "subscribe",
        abstract: "Run a GraphQL subscription over WebSocket and print one JSON line per event.",
        discussion: """
            Exit status: 0 after --count events, or when the server completes the subscription; 4 when the server \
            fails it with GraphQL errors (an event with errors and no data, which is printed first), or completes it \
            before --count events; 5 when the connection fails or closes; 1 invalid input (such as variables \
            that are not a JSON object); 2 usage or I/O errors.
            """
    )

    @Option(help: ArgumentHelp("The WebSocket endpoint (ws or wss).", valueName: "url"))
    var endpoint: String

    @Option(help: ArgumentHelp("The file holding the GraphQL document.", valueName: "file"))
    var document: String

    @Option(help: ArgumentHelp("The operation to run when the document has several.", valueName: "name"))
    var operation: String?

    @Option(help: ArgumentHelp("The variables, as a JSON object.", valueName: "json"))
    var variables: String?

    @Option(help: ArgumentHelp("A file holding the variables as a JSON object.", valueName: "file"))
    var variablesFile: String?

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp("A header field of the handshake, as 'Name: Value' (repeatable).", valueName: "header"))
    var headers: [String] = []

    @Option(help: ArgumentHelp("Stop after this many events.", valueName: "n"))
    var count: Int?

    @Option(
        name: .customLong("protocol"),
        help: ArgumentHelp("The subprotocol: graphql-transport-ws (default) or graphql-ws.", valueName: "name"))
    var wireProtocol: String = GraphQLWebSocketProtocol.graphQLTransportWS.subprotocol

    /// A command with no options set; ArgumentParser fills them in.
    public init() {}

    /// Rejects usage errors before anything is read or sent.
    public func validate() throws {
        _ = try endpointURL()
        _ = try HeaderArgument.parse(headers)
        _ = try subprotocol()
        if variables != nil, variablesFile != nil {
            throw ValidationError("use either --variables or --variables-file, not both")
        }
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
    }

    /// Subscribes and prints each event until `--count` events arrived or the subscription ended.
    public func run() async throws {
        let documentText: String
        let variableValues: JSONObject
        do throws(CommandFailure) {
            documentText = try InputFile.text(at: document, role: "document")
            variableValues = try QueryVariables.load(inline: variables, file: variablesFile)
        } catch {
            error.report()
            throw error.exitCode
        }
        let transport = WebSocketSubscriptionTransport(
            configuration: WebSocketTransportConfiguration(
                url: try endpointURL(), wireProtocol: try subprotocol(), headers: try HeaderArgument.parse(headers),
                reconnectPolicy: .never))
        let request = GraphQLSubscriptionRequest(
            operationName: operation, document: documentText, variables: variableValues)
        var received = 0
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
        } catch let exit as ExitCode {
            throw exit
        } catch {
            let apiError = APIError(wrapping: error, operationName: operation)
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

    private static func json(of body: GraphQLResponseBody) -> JSONValue {
        var object = JSONObject()
        object["data"] = body.data.map(JSONValue.object) ?? .null
        if !body.errors.isEmpty { object["errors"] = .array(body.errors.map(\.jsonValue)) }
        if !body.extensions.isEmpty { object["extensions"] = .object(body.extensions) }
        return .object(object)
    }

    private func endpointURL() throws(ValidationError) -> URL {
        guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(),
            scheme == "ws" || scheme == "wss", url.host?.isEmpty == false
        else {
            throw ValidationError("--endpoint must be an absolute ws or wss URL")
        }
        return url
    }

    private func subprotocol() throws(ValidationError) -> GraphQLWebSocketProtocol {
        guard let value = GraphQLWebSocketProtocol(rawValue: wireProtocol) else {
            throw ValidationError("--protocol must be graphql-transport-ws or graphql-ws")
        }
        return value
    }
}
