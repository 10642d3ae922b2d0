import APICoreGenerateCommand
import APICoreKit
import ArgumentParser
import Foundation

/// `apicore query`: runs one GraphQL operation through ``APIClient`` and prints the whole response JSON.
///
/// The response body is printed as the server sent it (data, errors and extensions), pretty-printed, with 64-bit
/// integers exact. Messages go to standard error and never contain header values or variables.
public struct QueryCommand: AsyncParsableCommand {
    /// The subcommand's name, help text and exit statuses.
    public static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run one GraphQL operation and print the response JSON.",
        discussion: """
            Exit status: 0 data without errors; 3 partial data with errors; 4 errors without data; 5 transport \
            failure, HTTP failure without a GraphQL body, or an unreadable response; 1 invalid input (such as \
            variables that are not a JSON object, a --file path outside the variables); 2 usage or I/O errors \
            (such as a --file that cannot be read). Operations with --file are sent as one multipart/form-data \
            POST, never GET or persisted.
            """
    )

    @Option(help: ArgumentHelp("The GraphQL endpoint (http or https).", valueName: "url"))
    var endpoint: String

    @OptionGroup var input: OperationOptions

    @Flag(name: .customLong("get"), help: "Send queries with GET instead of POST.")
    var usesGET = false

    @Flag(help: "Use Automatic Persisted Queries: send the document's hash first, the document only when asked.")
    var persisted = false

    @Option(help: ArgumentHelp("Give up after this many seconds.", valueName: "seconds"))
    var timeout: Double = 60

    @Option(
        name: .customLong("file"),
        help: ArgumentHelp(
            """
            A file to upload (GraphQL multipart request spec), as PATH=FILE, where PATH is where it goes in the \
            variables: variables.file, variables.files.0, variables.input.avatar (repeatable).
            """,
            valueName: "path=file"))
    var files: [String] = []

    /// A command with no options set; ArgumentParser fills them in.
    public init() {}

    /// Rejects usage errors before anything is read or sent: a bad endpoint or header, both kinds of variables, a
    /// timeout that is not positive.
    public func validate() throws {
        _ = try endpointURL()
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--timeout must be a positive number of seconds")
        }
    }

    /// Reads the document and variables, sends the operation and prints the outcome; a status other than 0 is
    /// thrown as an `ExitCode`.
    public func run() async throws {
        let (documentText, variableValues) = try input.load()
        let (variables, uploads) = try loadFiles(variables: variableValues)
        let capture = ResponseCapture()
        let client = try makeClient(capture: capture)
        let outcome: QueryOutcome
        do {
            let response = try await client.execute(
                document: documentText, operationName: input.operation, variables: variables, files: uploads,
                as: JSONValue.self)
            outcome = QueryOutcome(response: response, body: Self.body(of: capture.lastResponse))
        } catch {
            outcome = QueryOutcome(error: error, body: Self.body(of: capture.lastResponse))
        }
        outcome.print()
        if outcome.exitCode != .success { throw outcome.exitCode }
    }

    /// The `--file` uploads and the variables with `null` where they go; a bad one is reported and thrown as the
    /// command's exit code.
    private func loadFiles(variables: JSONObject) throws(ExitCode) -> (JSONObject, [GraphQLFileUpload]) {
        guard !files.isEmpty else { return (variables, []) }
        do throws(CommandFailure) {
            return try QueryFiles.load(files, variables: variables)
        } catch {
            error.report()
            throw error.exitCode
        }
    }

    /// The client for this run: the endpoint, headers and timeouts given, and the capturing interceptor.
    private func makeClient(capture: ResponseCapture) throws -> APIClient {
        APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: try endpointURL(),
                transport: APIClientConfiguration.defaultTransport(requestTimeout: .seconds(timeout)),
                interceptors: [capture],
                headers: try input.headerFields(),
                timeout: .seconds(timeout),
                usesGETForQueries: usesGET,
                persistedQueries: persisted ? PersistedQueriesConfiguration(usesGETForHashedQueries: usesGET) : nil
            ))
    }

    /// The endpoint as an absolute http or https URL.
    private func endpointURL() throws(ValidationError) -> URL {
        try EndpointArgument.url(endpoint, schemes: ["http", "https"])
    }

    /// The JSON body of a captured response, when it is a GraphQL response.
    private static func body(of response: HTTPResponse?) -> JSONValue? {
        guard let response, let json = try? JSONReader().read(response.body),
            GraphQLResponseBody(json: json) != nil
        else {
            return nil
        }
        return json
    }
}
