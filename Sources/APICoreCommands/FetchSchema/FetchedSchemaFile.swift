import APICoreCompiler
import APICoreGenerateCommand
import ArgumentParser
import Foundation

/// The file `apicore fetch-schema` writes: SDL or introspection JSON, chosen by the file's extension.
struct FetchedSchemaFile {
    /// The two formats.
    enum Format {
        /// SDL (`.graphqls`, `.graphql`, `.sdl`).
        case sdl
        /// `{"__schema": ...}`, pretty-printed (`.json`).
        case introspectionJSON
    }

    /// The path to write to.
    let path: String
    /// The format its extension asks for.
    let format: Format

    /// The file at `path`, or a usage error when its extension names no format.
    init(path: String) throws(ValidationError) {
        let lowercased = path.lowercased()
        if [".graphqls", ".graphql", ".sdl"].contains(where: lowercased.hasSuffix) {
            format = .sdl
        } else if lowercased.hasSuffix(".json") {
            format = .introspectionJSON
        } else {
            throw ValidationError("--output must end in .graphqls, .graphql, .sdl or .json")
        }
        self.path = path
    }

    /// Builds (and so validates) the schema `introspection` describes, and returns the bytes to write: the JSON as
    /// given, or the schema printed as SDL.
    ///
    /// - Parameter source: names the schema's origin in diagnostics.
    func contents(introspection: [UInt8], source: String) throws(CommandFailure) -> [UInt8] {
        let schema: GraphQLSchema
        do {
            schema = try GraphQLSchema.build(introspection: Data(introspection), file: source)
        } catch {
            throw CommandFailure(
                message: error.diagnostics.map(\.description).joined(separator: "\n"), exitCode: ExitCode(1))
        }
        switch format {
        case .sdl: return Array(SchemaPrinter.print(schema).utf8)
        case .introspectionJSON: return introspection
        }
    }

    /// Writes `bytes` atomically: a reader sees the old file or the whole new one.
    func write(_ bytes: [UInt8]) throws(CommandFailure) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure(
                message: "error: cannot write the schema file '\(path)': \(error.localizedDescription)",
                exitCode: ExitCode(2))
        }
    }
}
