import APICoreCodegen
import APICoreCompiler
import APICoreGenerateCommand
import ArgumentParser
import Foundation

/// `apicore init`: writes a starting `apicore.json`, or turns an Apollo iOS `apollo-codegen-config.json` into one.
///
/// The file written is read back before the command ends, so what it leaves is a configuration `apicore generate`
/// accepts; an Apollo configuration's keys that have no equivalent are reported as warnings, as `generate` reports
/// them.
public struct InitCommand: ParsableCommand {
    /// The subcommand's name, help text and exit statuses.
    public static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starting apicore.json, or convert an Apollo iOS codegen configuration.",
        discussion: """
            Without --apollo-config it needs --namespace, the Swift namespace of the generated schema types; the \
            schema and operation search paths default to every .graphqls and .graphql file below the folder of the \
            file written, and the generated code goes to Generated/Schema and Generated/Operations there.

            With --apollo-config it reads Apollo iOS's configuration (1.x or 2.x) as `apicore generate` reads it and \
            writes the same settings as apicore.json, its paths rewritten for the folder of the file written.

            An existing file is left as it is unless --force is given.

            Exit status: 0 written; 1 an Apollo configuration that cannot be read or converted; 2 usage or I/O \
            errors (a file that exists, a folder that cannot be written).
            """
    )

    @Option(help: ArgumentHelp("The namespace of the generated schema types, as `MyAPI`.", valueName: "name"))
    var namespace: String?

    @Option(
        name: .customLong("schema"),
        help: ArgumentHelp("A schema search path or glob (repeatable).", valueName: "glob"))
    var schemaSearchPaths: [String] = []

    @Option(
        name: .customLong("operations"),
        help: ArgumentHelp("An operation search path or glob (repeatable).", valueName: "glob"))
    var operationSearchPaths: [String] = []

    @Option(help: ArgumentHelp("An Apollo iOS codegen configuration to convert.", valueName: "path"))
    var apolloConfig: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write.", valueName: "path"))
    var output = "apicore.json"

    @Flag(help: "Replace the file when it exists.")
    var force = false

    /// A command with no options set; ArgumentParser fills them in.
    public init() {}

    /// Rejects a missing or invalid namespace, and options that an Apollo configuration already sets.
    public func validate() throws {
        if apolloConfig != nil {
            if namespace != nil || !schemaSearchPaths.isEmpty || !operationSearchPaths.isEmpty {
                throw ValidationError(
                    "--apollo-config gives the namespace and search paths: leave out --namespace, --schema, --operations"
                )
            }
            return
        }
        guard let namespace else {
            throw ValidationError("give the schema types' namespace with --namespace <name>, or --apollo-config <path>")
        }
        if let problem = CodegenConfiguration.namespaceProblem(namespace) {
            throw ValidationError("--namespace: \(problem)")
        }
    }

    /// Builds the configuration, writes it and reads it back; a status other than 0 is thrown as an `ExitCode`.
    public func run() throws {
        let folder =
            (output as NSString).deletingLastPathComponent.isEmpty
            ? "." : (output as NSString).deletingLastPathComponent
        if FileManager.default.fileExists(atPath: output), !force {
            CommandFailure(message: "error: \(output) exists; give --force to replace it", exitCode: ExitCode(2))
                .report()
            throw ExitCode(2)
        }
        var configuration: CodegenConfiguration
        if let apolloConfig {
            do throws(CompilerError) {
                configuration = try CodegenConfiguration.load(from: apolloConfig)
            } catch {
                StandardStreams.report(error.diagnostics)
                throw ExitCode(FileManager.default.isReadableFile(atPath: apolloConfig) ? 1 : 2)
            }
            // Apollo ignores a search path that matches nothing while another matches; apicore.json does not.
            let dropped = configuration.droppingUnmatchedSearchPaths()
            configuration = dropped.configuration
            StandardStreams.report(configuration.warnings + dropped.warnings)
        } else {
            configuration = CodegenConfiguration(
                schemaNamespace: namespace ?? "",
                schemaSearchPaths: schemaSearchPaths.isEmpty ? ["**/*.graphqls"] : schemaSearchPaths,
                operationSearchPaths: operationSearchPaths.isEmpty ? ["**/*.graphql"] : operationSearchPaths,
                schemaTypesPath: "Generated/Schema", operationsPath: "Generated/Operations", baseDirectory: folder)
        }
        let text = configuration.jsonText(forFolder: folder)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            CommandFailure(
                message: "error: cannot write '\(output)': \(error.localizedDescription)", exitCode: ExitCode(2)
            )
            .report()
            throw ExitCode(2)
        }
        // What was written is what `apicore generate` will read: prove it parses.
        do throws(CompilerError) {
            _ = try CodegenConfiguration.parse(text, file: output, baseDirectory: folder)
        } catch {
            StandardStreams.report(error.diagnostics)
            throw ExitCode(1)
        }
        StandardStreams.writeLine("wrote \(output)", to: .output)
    }
}
