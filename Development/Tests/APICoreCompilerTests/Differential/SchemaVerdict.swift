import APICoreCompiler
import Foundation

/// Our verdict on one mutated schema: what the builder threw, or the warnings of the schema it built.
struct SchemaVerdict: Sendable {
    let mutation: SchemaMutationCase
    /// Whether the schema was built.
    let accepted: Bool
    /// The errors and warnings thrown, or the built schema's warnings.
    let diagnostics: [Diagnostic]

    /// Builds the case's schema with `options`: SDL with `GraphQLSchema.build(from:)`, JSON with
    /// `GraphQLSchema.build(introspection:file:)`.
    init(_ mutation: SchemaMutationCase, options: SchemaBuildOptions) {
        self.mutation = mutation
        do {
            let schema: GraphQLSchema
            switch mutation.format {
            case .sdl:
                schema = try GraphQLSchema.build(
                    from: [Source(name: mutation.fileName, text: mutation.text)], options: options)
            case .introspection:
                schema = try GraphQLSchema.build(
                    introspection: Data(mutation.text.utf8), file: mutation.fileName, options: options)
            }
            accepted = true
            diagnostics = schema.warnings
        } catch {
            accepted = false
            diagnostics = error.diagnostics
        }
    }

    /// Whether graphql-core gave the same verdict.
    var agrees: Bool { accepted == mutation.accepted }

    /// The warnings, which an accepted schema carries.
    var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    /// Whether a warning is located at a real line and column of the case's own file.
    var hasLocatedWarning: Bool {
        warnings.contains { warning in
            warning.locations.contains { $0.file == mutation.fileName && $0.line > 0 && $0.column > 0 }
        }
    }

    /// One paragraph for a failure message: the case, graphql-core's messages, ours.
    var report: String {
        let core = mutation.accepted ? "accepted" : "rejected: " + mutation.errors.prefix(3).joined(separator: " | ")
        let ours = diagnostics.prefix(4).map { "[\($0.rule)] \($0)" }.joined(separator: " | ")
        return """
            \(mutation.id) (\(mutation.family), \(mutation.format.rawValue), base \(mutation.base): \(mutation.detail))
              graphql-core: \(core)
              ours: \(accepted ? "accepted" : "rejected")\(ours.isEmpty ? "" : ": \(ours)")
            """
    }
}
