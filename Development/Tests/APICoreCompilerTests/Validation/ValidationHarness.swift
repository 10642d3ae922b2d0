import APICoreCompiler
import Testing

/// Validates document text in tests and renders each diagnostic as `Rule: message @ line:column, ...`, so that
/// expectations compare rule, message and locations at once and failures show all three.
enum ValidationHarness {
    /// The shared test schema.
    static let schema: GraphQLSchema = {
        do {
            return try schema(ValidationTestSchema.sdl)
        } catch {
            preconditionFailure("the validation test schema does not build: \(error)")
        }
    }()

    /// A schema built from SDL by the schema builder.
    static func schema(_ sdl: String) throws -> GraphQLSchema {
        try GraphQLSchema.build(from: [Source(name: "schema.graphqls", text: sdl)])
    }

    /// The diagnostics of one document, rendered.
    static func diagnostics(
        _ text: String, schema: GraphQLSchema = schema, options: ValidationOptions = ValidationOptions()
    ) throws -> [String] {
        let document = try Parser.parse(Source(name: "test.graphql", text: text))
        return DocumentValidator.validate([document], against: schema, options: options).map { render($0) }
    }

    /// The diagnostics of several documents validated as one unit, rendered with their file names.
    static func diagnostics(
        files: [(name: String, text: String)], schema: GraphQLSchema = schema,
        options: ValidationOptions = ValidationOptions()
    ) throws -> [String] {
        let documents = try files.map { try Parser.parse(Source(name: $0.name, text: $0.text)) }
        return DocumentValidator.validate(documents, against: schema, options: options).map {
            render($0, withFiles: true)
        }
    }

    /// `Rule: message @ 1:2, 3:4`.
    static func render(_ diagnostic: Diagnostic, withFiles: Bool = false) -> String {
        let places = diagnostic.locations.map { withFiles ? $0.description : "\($0.line):\($0.column)" }
        return "\(diagnostic.rule): \(diagnostic.message) @ " + places.joined(separator: ", ")
    }
}

/// Expects `text` to validate without diagnostics.
func expectValid(
    _ text: String, schema: GraphQLSchema = ValidationHarness.schema, options: ValidationOptions = ValidationOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let diagnostics = try ValidationHarness.diagnostics(text, schema: schema, options: options)
    #expect(diagnostics == [], sourceLocation: sourceLocation)
}

/// Expects `text` to produce exactly `expected`, each rendered as `Rule: message @ line:column, ...`.
func expectErrors(
    _ text: String, _ expected: [String], schema: GraphQLSchema = ValidationHarness.schema,
    options: ValidationOptions = ValidationOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let diagnostics = try ValidationHarness.diagnostics(text, schema: schema, options: options)
    #expect(diagnostics == expected, sourceLocation: sourceLocation)
}
