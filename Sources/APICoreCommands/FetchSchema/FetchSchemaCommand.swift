import APICoreGenerateCommand
import APICoreKit
import ArgumentParser
import Foundation

/// `apicore fetch-schema`: downloads a schema by introspection through ``APIClient`` and writes it as SDL or JSON.
///
/// It sends the introspection query of the current specification; when the server answers with errors about fields
/// or arguments it does not know (`isOneOf`, `specifiedByURL`, `includeDeprecated` on arguments, ...), it asks again
/// with a query older servers answer. The answer is built into a schema, so an invalid schema is never written.
public struct FetchSchemaCommand: AsyncParsableCommand {
    /// The subcommand's name, help text and exit statuses.
    public static let configuration = CommandConfiguration(
        commandName: "fetch-schema",
        abstract: "Download a schema by introspection, as SDL or introspection JSON.",
        discussion: """
            The output's extension chooses the format: .graphqls, .graphql or .sdl for SDL, .json for \
            {"__schema": ...}. Exit status: 0 written; 1 the server answered errors or the schema is invalid; 5 \
            transport failure, HTTP failure without a GraphQL body, or an unreadable response; 2 usage or I/O errors.
            """
    )

    @Option(help: ArgumentHelp("The GraphQL endpoint (http or https).", valueName: "url"))
    var endpoint: String

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp("A header field to send, as 'Name: Value' (repeatable).", valueName: "header"))
    var headers: [String] = []

    @Option(help: ArgumentHelp("The file to write: .graphqls, .graphql, .sdl or .json.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("Give up after this many seconds.", valueName: "seconds"))
    var timeout: Double = 60

    /// A command with no options set; ArgumentParser fills them in.
    public init() {}

    /// Rejects usage errors before anything is sent.
    public func validate() throws {
        _ = try endpointURL()
        _ = try HeaderArgument.parse(headers)
        _ = try FetchedSchemaFile(path: output)
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--timeout must be a positive number of seconds")
        }
    }

    /// Sends the introspection query, builds the schema and writes the file; a status other than 0 is thrown as an
    /// `ExitCode`.
    public func run() async throws {
        let file = try FetchedSchemaFile(path: output)
        let client = try makeClient()
        do throws(CommandFailure) {
            let data = try await introspect(with: client)
            var json = JSONWriter(options: JSONWriter.Options(prettyPrinted: true)).write(data)
            json.append(UInt8(ascii: "\n"))
            try file.write(try file.contents(introspection: json, source: endpoint))
        } catch {
            error.report()
            throw error.exitCode
        }
    }

    /// The `data` of the answer to the full introspection query, or of the conservative one when the server rejects
    /// the newer fields.
    private func introspect(with client: APIClient) async throws(CommandFailure) -> JSONValue {
        do {
            return try await Self.send(IntrospectionQuery.full, with: client)
        } catch {
            guard case .graphQLErrors(let messages, _) = error, IntrospectionQuery.rejectsNewerFields(messages) else {
                throw error.commandFailure
            }
        }
        do {
            return try await Self.send(IntrospectionQuery.conservative, with: client)
        } catch {
            throw error.commandFailure
        }
    }

    /// The `data` of the answer to `query`; errors in the answer are a failure even when data came with them.
    private static func send(_ query: String, with client: APIClient) async throws(IntrospectionFailure) -> JSONValue {
        let response: APIResponse<JSONValue>
        do {
            response = try await client.execute(
                document: query, operationName: "IntrospectionQuery", variables: JSONObject(), as: JSONValue.self)
        } catch {
            switch error.code {
            case .graphQL:
                // An introspection query has no variables, so the server's messages cannot quote any: show them.
                let messages = error.graphQLErrors.map(\.message)
                throw .graphQLErrors(messages, description: Self.describe(messages))
            case .invalidRequest:
                throw .graphQLErrors([], description: error.description)
            default:
                throw .transport(error.description)
            }
        }
        guard response.errors.isEmpty else {
            let messages = response.errors.map(\.message)
            throw .graphQLErrors(messages, description: Self.describe(messages))
        }
        return response.value
    }

    /// `the server answered with errors: first; second`
    private static func describe(_ messages: [String]) -> String {
        "the server answered with errors: " + messages.joined(separator: "; ")
    }

    /// The client for this run: the endpoint, headers and timeout given.
    private func makeClient() throws -> APIClient {
        APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: try endpointURL(),
                transport: CommandTransports.current.http(.seconds(timeout)),
                headers: try HeaderArgument.parse(headers),
                timeout: .seconds(timeout)
            ))
    }

    /// The endpoint as an absolute http or https URL.
    private func endpointURL() throws(ValidationError) -> URL {
        try EndpointArgument.url(endpoint, schemes: ["http", "https"])
    }
}

/// Why an introspection request failed, before it becomes a message and an exit status.
private enum IntrospectionFailure: Error {
    /// The server answered with GraphQL errors (exit 1).
    case graphQLErrors([String], description: String)
    /// No usable answer (exit 5).
    case transport(String)

    var commandFailure: CommandFailure {
        switch self {
        case .graphQLErrors(_, let description): CommandFailure(message: "error: \(description)", exitCode: ExitCode(1))
        case .transport(let description): CommandFailure(message: "error: \(description)", exitCode: ExitCode(5))
        }
    }
}
