import APICoreCodegen
import APICoreCompiler
import APICoreGenerateCommand
import ArgumentParser
import Foundation

/// `apicore diff-schema`: the breaking and dangerous changes from an old schema to a new one, and which operations
/// the breaking ones break.
public struct DiffSchemaCommand: ParsableCommand {
    /// The subcommand's name, help text and exit statuses.
    public static let configuration = CommandConfiguration(
        commandName: "diff-schema",
        abstract: "Find breaking and dangerous changes between two schemas.",
        discussion: """
            The changes are graphql-js's (as graphql-core's find_breaking_changes and find_dangerous_changes \
            report them), with the same kinds and messages. Breaking: removed types, fields, arguments, enum \
            values, union members, interfaces and directives; field types changed incompatibly; input fields and \
            arguments made stricter or of another type; new required arguments and input fields; type kinds \
            changed; directive arguments, locations or repeatable removed. Dangerous: enum values, union members, \
            interfaces, optional arguments and optional input fields added; argument defaults changed.

            Each change is printed as 'path:line:column: error: KIND Type.field(argument:): message' (warning for \
            dangerous ones), located in the new schema, or in the old one for what was removed. With \
            --operations, every .graphql file in the folder is read: each operation is walked against OLD to see \
            what it uses and validated against NEW, and every breaking change it uses is listed under it with the \
            validation errors NEW gives it. --format json prints one JSON object instead.

            Exit status: 0 nothing breaks; 1 breaking changes (or an invalid schema or document); 2 usage or I/O \
            errors.
            """
    )

    @ArgumentParser.Argument(help: ArgumentHelp("The old schema (SDL or introspection JSON).", valueName: "old"))
    var oldPath: String

    @ArgumentParser.Argument(help: ArgumentHelp("The new schema (SDL or introspection JSON).", valueName: "new"))
    var newPath: String

    @Option(
        help: ArgumentHelp(
            "A folder (or file) of .graphql operations to check against the changes (repeatable).",
            valueName: "dir"))
    var operations: [String] = []

    @Option(help: ArgumentHelp("The output format: text or json.", valueName: "format"))
    var format: DiffOutputFormat = .text

    /// A command with no options set; ArgumentParser fills them in.
    public init() {}

    /// Loads both schemas (and the operations), compares them and prints the report; exit 1 when anything breaks.
    public func run() throws {
        let old = try load(oldPath)
        let new = try load(newPath)
        let changes = SchemaDiff.changes(from: old, to: new)
        var impacts: [OperationImpact] = []
        if !operations.isEmpty {
            let documents = try readDocuments()
            impacts = OperationImpact.find(in: documents, changes: changes, old: old, new: new)
        }
        let report = DiffReport(changes: changes, impacts: impacts, checksOperations: !operations.isEmpty)
        switch format {
        case .text: StandardStreams.writeLine(report.text, to: .output)
        case .json: StandardStreams.writeLine(report.json, to: .output)
        }
        if changes.contains(where: { $0.severity == .breaking }) || impacts.contains(where: \.isBroken) {
            throw ExitCode(1)
        }
    }

    private func load(_ path: String) throws -> GraphQLSchema {
        guard FileManager.default.fileExists(atPath: path) else {
            CommandFailure.unreadableFile(path, role: "schema", reason: "no such file or folder").report()
            throw ExitCode(2)
        }
        do {
            return try GraphQLSchema.load(paths: [path])
        } catch {
            for diagnostic in error.diagnostics { StandardStreams.writeLine(diagnostic.description, to: .error) }
            let isFileProblem = error.diagnostics.allSatisfy { $0.rule == ValidationReport.schemaFilesRule }
            throw ExitCode(isFileProblem ? 2 : 1)
        }
    }

    private func readDocuments() throws -> [Document] {
        let sources: [Source]
        do throws(CommandFailure) {
            sources = try DocumentFiles.read(try DocumentFiles.collect(operations))
        } catch {
            error.report()
            throw error.exitCode
        }
        var documents: [Document] = []
        var failed = false
        for source in sources {
            do {
                documents.append(try Parser.parse(source))
            } catch {
                failed = true
                for diagnostic in error.diagnostics { StandardStreams.writeLine(diagnostic.description, to: .error) }
            }
        }
        if failed { throw ExitCode(1) }
        return documents
    }
}

/// How `apicore diff-schema` prints its report.
enum DiffOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
