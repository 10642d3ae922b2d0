import APICoreCache
import APICoreDynamic
import APICoreGenerateCommand
import APICoreKit
import ArgumentParser
import Foundation

/// `apicore query`: runs one GraphQL operation through ``APIClient`` and prints the whole response JSON.
///
/// The response body is printed as the server sent it (data, errors and extensions), pretty-printed, with 64-bit
/// integers exact. Messages go to standard error and never contain header values or variables.
///
/// With `--paginate` it fetches every page of one connection, as `gh api graphql --paginate` does: the operation
/// declares `$endCursor: String` and selects `pageInfo { hasNextPage endCursor }` on exactly one connection; each page
/// is fetched with the previous page's `endCursor` until `hasNextPage` is false, and printed as one compact JSON line
/// (`--slurp`: one JSON array of all the pages).
///
/// With `--schema` the document is validated against the schema before anything is sent (errors located in the
/// document file) and the response is read with the document's selections; with `--cache` too, results are normalized
/// into a SQLite cache file and answered from it by the cache policy, so one run reads what an earlier one cached.
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

            --paginate: the operation must declare $endCursor: String (nullable) and select \
            pageInfo { hasNextPage endCursor } on exactly one connection (fragments count), else exit 1 before \
            anything is sent. Each page is fetched with the previous page's endCursor as $endCursor (the first \
            with the variables given, which may set endCursor) until hasNextPage is false, and printed as one \
            compact JSON line; --slurp prints one JSON array of the pages instead. A page with errors or without \
            data, or a failed request, stops after what was fetched is printed, with the status a single query \
            would exit with (3, 4 or 5). A page whose hasNextPage is true but whose endCursor is null or was \
            already used (a server that would loop forever), or that has no pageInfo, stops with exit 5.

            --schema: the document is validated against the schema before anything is sent (exit 1 with each \
            problem at its line and column) and the response is checked and normalized by its selections. \
            --cache FILE (needs --schema): results are written to a SQLite cache file and answered from it by \
            --cache-policy (cache-first by default); an answer from the cache says so on standard error, and a \
            cache-only miss exits 5.
            """
    )

    @Option(help: ArgumentHelp("The GraphQL endpoint (http or https).", valueName: "url"))
    var endpoint: String

    @OptionGroup var input: OperationOptions

    @OptionGroup var caching: QueryCacheOptions

    @Flag(name: .customLong("get"), help: "Send queries with GET instead of POST.")
    var usesGET = false

    @Flag(help: "Use Automatic Persisted Queries: send the document's hash first, the document only when asked.")
    var persisted = false

    @Option(
        help: ArgumentHelp("Give up after this many seconds (for each page with --paginate).", valueName: "seconds"))
    var timeout: Double = 60

    @Flag(help: "Fetch every page of the connection that selects pageInfo { hasNextPage endCursor }.")
    var paginate = false

    @Flag(help: "With --paginate, print one JSON array of the pages instead of one line per page.")
    var slurp = false

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
    /// timeout that is not positive, `--slurp` without `--paginate`, `--file` with `--paginate`.
    public func validate() throws {
        _ = try endpointURL()
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--timeout must be a positive number of seconds")
        }
        if slurp, !paginate { throw ValidationError("--slurp needs --paginate") }
        if paginate, !files.isEmpty { throw ValidationError("--file cannot be used with --paginate") }
    }

    /// Reads the document and variables, sends the operation and prints the outcome; a status other than 0 is
    /// thrown as an `ExitCode`.
    public func run() async throws {
        let (documentText, variableValues) = try input.load()
        let (schema, cache) = try caching.load()
        if let schema {
            try QueryCacheOptions.check(
                document: documentText, operationName: input.operation, file: input.document, against: schema)
        }
        let setup = ClientSetup(schema: schema, cache: cache, policy: caching.policy)
        if paginate {
            try await runPages(document: documentText, variables: variableValues, setup: setup)
            return
        }
        let (variables, uploads) = try loadFiles(variables: variableValues)
        let capture = ResponseCapture()
        let client = try makeClient(capture: capture, setup: setup)
        let outcome = await fetch(
            document: documentText, variables: variables, files: uploads, client: client, capture: capture)
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

    /// `--paginate`: checks the document before anything is sent, then fetches and prints every page.
    private func runPages(document: String, variables: JSONObject, setup: ClientSetup) async throws {
        let plan: PaginationPlan
        do throws(CommandFailure) {
            plan = try PaginationPlan.make(document: document, file: input.document, operationName: input.operation)
        } catch {
            error.report()
            throw error.exitCode
        }
        let capture = ResponseCapture()
        let client = try makeClient(capture: capture, setup: setup)
        let status = await QueryPaginator(plan: plan, slurps: slurp).run(variables: variables) { variables in
            await fetch(document: document, variables: variables, client: client, capture: capture)
        }
        if status != .success { throw status }
    }

    /// Sends the operation once with `variables` and decides what to print from the response.
    private func fetch(
        document: String, variables: JSONObject, files: [GraphQLFileUpload] = [], client: APIClient,
        capture: ResponseCapture
    ) async -> QueryOutcome {
        do {
            let response = try await client.execute(
                document: document, operationName: input.operation, variables: variables, files: files,
                as: JSONValue.self)
            if response.metadata.source == .cache {
                StandardStreams.writeLine("note: answered from the cache", to: .error)
                return QueryOutcome(response: response, body: nil)
            }
            return QueryOutcome(response: response, body: Self.body(of: capture.lastResponse))
        } catch {
            return QueryOutcome(error: error, body: Self.body(of: capture.lastResponse))
        }
    }

    /// What `--schema` and `--cache` give the client.
    private struct ClientSetup {
        var schema: GraphQLRuntimeSchema?
        var cache: CacheStore?
        var policy: CachePolicy
    }

    /// The client for this run: the endpoint, headers and timeouts given, the capturing interceptor, and the schema
    /// and cache asked for.
    private func makeClient(capture: ResponseCapture, setup: ClientSetup) throws -> APIClient {
        APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: try endpointURL(),
                transport: CommandTransports.current.http(.seconds(timeout)),
                interceptors: [capture],
                headers: try input.headerFields(),
                timeout: .seconds(timeout),
                queryMethod: usesGET ? .get : .post,
                persistedQueries: persisted ? PersistedQueriesConfiguration(usesGETForHashedQueries: usesGET) : nil,
                cache: setup.cache,
                defaultCachePolicy: setup.policy,
                schema: setup.schema
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
