import APICoreCompiler
import APICoreGenerateCommand
import ArgumentParser
import Foundation

/// `apicore validate`: parses operation documents and validates them, as one compilation unit, against a schema.
///
/// Diagnostics go to standard error like a compiler's, `path:line:column: error: message` with `note:` lines for
/// related places; a summary line goes to standard output.
public struct ValidateCommand: ParsableCommand {
    /// The subcommand's name, help text and exit statuses.
    public static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate GraphQL operation documents against a schema.",
        discussion: """
            The schema is SDL (.graphqls, .graphql, .sdl files, or folders of them, merged) or one introspection \
            result (.json). The documents are files, or folders searched at any depth for .graphql files; all of \
            them form one compilation unit, so a fragment defined in one file can be used in another. Fragments \
            that no operation uses are allowed unless --report-unused-fragments is given.

            Exit status: 0 the documents are valid; 1 a syntax error, an invalid schema or an invalid document; \
            2 usage or I/O errors (a missing file, no documents).
            """
    )

    @Option(
        name: .customLong("schema"),
        help: ArgumentHelp(
            "A schema file or folder (repeatable; SDL files are merged).", valueName: "path"))
    var schemaPaths: [String] = []

    @ArgumentParser.Argument(
        help: ArgumentHelp("The operation documents: .graphql files or folders.", valueName: "documents"))
    var documentPaths: [String] = []

    @Flag(help: "Report fragments that no operation uses (NoUnusedFragments).")
    var reportUnusedFragments = false

    @Flag(name: .shortAndLong, help: "Print errors only: no warnings, no summary.")
    var quiet = false

    @Flag(
        help: """
            Hold the schema to the specification's rules: SDL copies of the introspection types and invalid default \
            values are errors, not warnings.
            """)
    var strict = false

    /// A command with no options set; ArgumentParser fills them in.
    public init() {}

    /// Rejects a missing schema or missing documents before anything is read.
    public func validate() throws {
        if schemaPaths.isEmpty {
            throw ValidationError("give the schema with --schema <path>")
        }
        if documentPaths.isEmpty {
            throw ValidationError("give at least one document file or folder")
        }
    }

    /// Loads the schema and the documents, validates them and prints the diagnostics; a status other than 0 is
    /// thrown as an `ExitCode`.
    public func run() throws {
        let report = ValidationReport(quiet: quiet)
        let sources: [Source]
        do throws(CommandFailure) {
            try Self.checkExists(schemaPaths, role: "schema")
            sources = try DocumentFiles.read(try DocumentFiles.collect(documentPaths))
        } catch {
            error.report()
            throw error.exitCode
        }

        let schema: GraphQLSchema
        do {
            schema = try GraphQLSchema.load(paths: schemaPaths, options: SchemaBuildOptions(isStrict: strict))
        } catch {
            report.emit(error.diagnostics)
            let isFileProblem = error.diagnostics.allSatisfy { $0.rule == ValidationReport.schemaFilesRule }
            if !isFileProblem { report.summary("schema: \(ValidationReport.verdict(error.diagnostics))") }
            throw ExitCode(isFileProblem ? 2 : 1)
        }

        let documents: [Document]
        do {
            documents = try Parser.parse(sources)
        } catch {
            let syntaxErrors = error.diagnostics
            report.emit(syntaxErrors)
            let count = syntaxErrors.count { $0.severity == .error }
            report.summary(
                "\(ValidationReport.count(sources.count, "document")): \(ValidationReport.count(count, "syntax error"))"
            )
            throw ExitCode(1)
        }

        let options = ValidationOptions(reportsUnusedFragments: reportUnusedFragments)
        let diagnostics = schema.warnings + DocumentValidator.validate(documents, against: schema, options: options)
        report.emit(diagnostics)
        report.summary("\(ValidationReport.describe(documents)): \(ValidationReport.verdict(diagnostics))")
        if diagnostics.contains(where: { $0.severity == .error }) {
            throw ExitCode(1)
        }
    }

    /// Fails with exit status 2 when a path does not exist, as the other subcommands word it.
    private static func checkExists(_ paths: [String], role: String) throws(CommandFailure) {
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw .unreadableFile(path, role: role, reason: "no such file or folder")
        }
    }
}
