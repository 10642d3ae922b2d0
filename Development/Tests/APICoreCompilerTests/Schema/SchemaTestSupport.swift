import Foundation
import Testing

@testable import APICoreCompiler

/// Helpers shared by the schema tests.
enum SchemaTestSupport {
    /// `<package root>/../shared/corpus`: this file is `<root>/Tests/APICoreCompilerTests/Schema/SchemaTestSupport.swift`.
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")

    /// The path of a corpus file; records a test failure when it is missing (a missing corpus is a failure, not a
    /// skip).
    static func corpusPath(_ relative: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let path = corpus.appendingPathComponent(relative).path
        #expect(
            FileManager.default.fileExists(atPath: path), "missing corpus file \(path)", sourceLocation: sourceLocation)
        return path
    }

    /// Builds a schema from one SDL text named `schema.graphqls`.
    static func build(_ sdl: String, options: SchemaBuildOptions = SchemaBuildOptions()) throws -> GraphQLSchema {
        try GraphQLSchema.build(from: [Source(name: "schema.graphqls", text: sdl)], options: options)
    }

    /// The diagnostics building the SDL throws, each as `line:column: message` with ` (related line:column)` for
    /// each related place; empty when the build succeeds.
    static func errors(
        _ sdl: String,
        options: SchemaBuildOptions = SchemaBuildOptions()
    ) -> [String] {
        errors(of: [Source(name: "schema.graphqls", text: sdl)], options: options)
    }

    /// The diagnostics building the sources throws, summarised as in ``errors(_:options:)``.
    static func errors(of sources: [Source], options: SchemaBuildOptions = SchemaBuildOptions()) -> [String] {
        do {
            _ = try GraphQLSchema.build(from: sources, options: options)
            return []
        } catch {
            return error.diagnostics.map(summary)
        }
    }

    /// The errors (not the warnings) building the SDL throws, summarised as in ``errors(_:options:)``.
    static func errorsOnly(_ sdl: String, options: SchemaBuildOptions = SchemaBuildOptions()) -> [String] {
        do {
            _ = try GraphQLSchema.build(from: [Source(name: "schema.graphqls", text: sdl)], options: options)
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }.map(summary)
        }
    }

    /// `line:column: message (related line:column)`.
    static func summary(_ diagnostic: Diagnostic) -> String {
        let places = diagnostic.locations.map { "\($0.line):\($0.column)" }
        let related = places.dropFirst().map { " (related \($0))" }.joined()
        return "\(places.first ?? "?"): \(diagnostic.message)\(related)"
    }

    /// A minimal valid prefix: a query type that other test snippets can add to.
    static let query = "type Query { ok: Boolean }\n"
}
