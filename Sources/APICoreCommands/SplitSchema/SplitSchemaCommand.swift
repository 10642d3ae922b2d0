import APICoreCodegen
import APICoreCompiler
import APICoreGenerateCommand
import ArgumentParser
import Foundation

/// `apicore split-schema`: splits one schema into a shared schema and one schema per domain, proves the split, and
/// only then writes the files.
public struct SplitSchemaCommand: ParsableCommand {
    /// The subcommand's name, help text and exit statuses.
    public static let configuration = CommandConfiguration(
        commandName: "split-schema",
        abstract: "Split a schema into shared-schema.graphqls and one schema per domain.",
        discussion: """
            The configuration is JSON (paths relative to it):

              {
                "schema": "schema.graphqls",
                "output": "Split",
                "directive": "domain",
                "crossDomainUse": "share",
                "domains": {
                  "issues": { "patterns": ["Issue*"], "regex": ["^Close.*Payload$"], "types": ["Label"] },
                  "pullRequests": { "patterns": ["PullRequest*"] }
                }
              }

            A type goes to a domain by @domain(name: "issues") on its definition (the directive's name is \
            "directive"), by the domain's "types" (the mapping table), or by its "patterns" (globs, whole names) \
            and "regex" (regular expressions, anywhere in the name). @domain and "types" win over patterns. Types \
            of no domain, and pattern-assigned types that another domain or a shared type uses, are shared \
            ("crossDomainUse": "error" makes the latter an error, as it always is for @domain and "types"). Root \
            types are split by field: a field goes to the one domain whose types it uses (or the one its \
            @domain names), else it stays shared; the shared file declares the root type, each domain file adds \
            its fields with 'extend type Query { ... }' (a root type without shared fields is declared by each \
            domain file that has fields of it). Each file starts with a comment listing what it depends on.

            Before writing, the split is proved: the shared file plus each domain file builds (every reference \
            resolves), and all the files together build into the original schema. Nothing is written unless \
            both checks pass.

            Exit status: 0 written; 1 an invalid configuration or schema, an unsatisfiable assignment or a failed \
            check (located errors); 2 usage or I/O errors.
            """
    )

    @Option(help: ArgumentHelp("The split configuration file (JSON).", valueName: "file"))
    var config: String

    /// A command with no options set; ArgumentParser fills them in.
    public init() {}

    /// Reads the configuration and the schema, splits and proves, then writes the folder.
    public func run() throws {
        do throws(CommandFailure) {
            _ = try InputFile.bytes(at: config, role: "configuration")
        } catch {
            error.report()
            throw error.exitCode
        }
        let split: SchemaSplit
        let configuration: SchemaSplitConfiguration
        do throws(CompilerError) {
            configuration = try SchemaSplitConfiguration.load(from: config)
            let schema = try GraphQLSchema.load(paths: configuration.schemaPaths)
            let sourceName = configuration.schemaPaths.map { ($0 as NSString).lastPathComponent }
                .joined(separator: ", ")
            split = try SchemaSplitter.split(schema, configuration: configuration, sourceName: sourceName)
        } catch {
            for diagnostic in error.diagnostics { StandardStreams.writeLine(diagnostic.description, to: .error) }
            let isFileProblem = error.diagnostics.allSatisfy { $0.rule == ValidationReport.schemaFilesRule }
            throw ExitCode(isFileProblem ? 2 : 1)
        }
        let folders = Dictionary(grouping: split.files) { configuration.outputFolder(forDomain: $0.domain) }
        for (folder, files) in folders.sorted(by: { $0.key < $1.key }) {
            do {
                try SplitFolderWriter.write(files, to: folder)
            } catch {
                StandardStreams.writeLine("error: cannot write \(folder): \(error.localizedDescription)", to: .error)
                throw ExitCode(2)
            }
        }
        for move in split.moves { StandardStreams.writeLine("note: \(move)", to: .output) }
        for (file, count) in zip(split.files, split.typeCounts) {
            StandardStreams.writeLine("wrote \(file.name) (\(count) types)", to: .output)
        }
        StandardStreams.writeLine(
            "\(split.files.count) files; checks passed: each domain resolves with the shared schema, the union is "
                + "the original schema.", to: .output)
    }
}

/// Writes a split's files so that a failure leaves no half-written folder: everything goes to a fresh folder beside
/// the output first, which then becomes the output folder (or whose files then replace those of an existing one).
enum SplitFolderWriter {
    static func write(_ files: [SchemaSplit.File], to folder: String) throws {
        let manager = FileManager.default
        let output = URL(fileURLWithPath: folder)
        let parent = output.deletingLastPathComponent()
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).split-\(UUID().uuidString)")
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: staging) }
        for file in files {
            try Data(file.text.utf8).write(to: staging.appendingPathComponent(file.name))
        }
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: output.path, isDirectory: &isFolder) else {
            try manager.moveItem(at: staging, to: output)
            return
        }
        for file in files {
            let target = output.appendingPathComponent(file.name)
            if manager.fileExists(atPath: target.path) { try manager.removeItem(at: target) }
            try manager.moveItem(at: staging.appendingPathComponent(file.name), to: target)
        }
    }
}
