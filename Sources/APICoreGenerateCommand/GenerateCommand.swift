import APICoreCodegen
import APICoreCompiler
import ArgumentParser
import Foundation

/// `apicore generate`: generates Swift from a configuration file (`apicore.json`, or an Apollo iOS
/// `apollo-codegen-config.json`), its schema and its `.graphql` files.
///
/// Everything is generated in memory first: a configuration, schema or document error is reported as
/// `path:line:column: error: message` and leaves the output folders untouched. `--check` writes nothing and fails
/// when the files on disk differ from what would be generated.
public struct GenerateCommand: ParsableCommand {
    /// The subcommand's name, help text and exit statuses.
    public static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift code for the operations of a configuration.",
        discussion: """
            Exit status: 0 success (or, with --check, up to date); 1 invalid configuration, schema or document, or \
            stale files with --check; 2 usage or I/O errors.
            """
    )

    @Option(
        help: ArgumentHelp("The configuration file (apicore.json or apollo-codegen-config.json).", valueName: "file"))
    var config = "apicore.json"

    @Flag(help: "Write nothing; fail when the generated files on disk are stale.")
    var check = false

    @Flag(
        help: """
            Hold the schema to the specification's rules (as "options": {"strictSchema": true} does): SDL copies of \
            the introspection types and invalid default values are errors, not warnings.
            """)
    var strict = false

    /// For `APICoreCodegenPlugin`, whose outputs must be known before generation: all generated Swift in one file.
    @Option(help: .hidden)
    var combinedOutput: String?

    /// A command with no options set; ArgumentParser fills them in.
    public init() {}

    /// Rejects `--check` with `--combined-output`, which is for the build plugin and always writes.
    public func validate() throws {
        if check, combinedOutput != nil {
            throw ValidationError("use either --check or --combined-output, not both")
        }
    }

    /// Generates, then writes or checks; a status other than 0 is thrown as an `ExitCode`.
    public func run() throws {
        _ = try readable(config)
        let configuration: CodegenConfiguration
        let files: [GeneratedFile]
        do throws(CompilerError) {
            var loaded = try CodegenConfiguration.load(from: config)
            if strict { loaded.isStrictSchema = true }
            configuration = loaded
            StandardStreams.report(configuration.warnings)
            let result = try CodeGenerator().run(configuration: configuration)
            StandardStreams.report(result.warnings)
            files = result.files
        } catch {
            StandardStreams.report(error.diagnostics)
            throw ExitCode(1)
        }
        if let combinedOutput {
            try writeCombined(files, to: combinedOutput)
            return
        }
        let writer = GeneratedFileWriter(folders: configuration.outputFolders)
        if check {
            let result = writer.check(files)
            guard result.isUpToDate else {
                for path in result.written { StandardStreams.writeLine("stale: \(path)", to: .output) }
                for path in result.removed { StandardStreams.writeLine("not generated any more: \(path)", to: .output) }
                let count = result.written.count + result.removed.count
                StandardStreams.writeLine(
                    "error: \(count) generated file\(count == 1 ? " is" : "s are") stale; run 'apicore generate'",
                    to: .error)
                throw ExitCode(1)
            }
            StandardStreams.writeLine("\(files.count) generated files are up to date.", to: .output)
            return
        }
        let result: GeneratedFileWriter.Report
        do throws(CompilerError) {
            result = try writer.write(files)
        } catch {
            StandardStreams.report(error.diagnostics)
            throw ExitCode(2)
        }
        for path in result.written { StandardStreams.writeLine("wrote \(path)", to: .output) }
        for path in result.removed { StandardStreams.writeLine("removed \(path)", to: .output) }
        let unchanged = files.count - result.written.count
        StandardStreams.writeLine(
            "\(result.written.count) written, \(result.removed.count) removed, \(unchanged) unchanged.", to: .output)
    }

    /// Writes the Swift files as one file, their common header once; always, so the build sees a fresh output.
    private func writeCombined(_ files: [GeneratedFile], to path: String) throws {
        let data = Data(GeneratedFile.combined(files).utf8)
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            StandardStreams.writeLine("error: cannot write \(path): \(error.localizedDescription)", to: .error)
            throw ExitCode(2)
        }
    }

    /// Fails with exit 2 when the configuration file cannot be read.
    private func readable(_ path: String) throws -> [UInt8] {
        do throws(CommandFailure) {
            return try InputFile.bytes(at: path, role: "configuration")
        } catch {
            error.report()
            throw error.exitCode
        }
    }
}
