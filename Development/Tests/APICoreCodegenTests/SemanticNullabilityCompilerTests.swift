import APICoreCodegen
import APICoreCompiler
import Foundation
import Testing

/// The nullability directives as the compiler reads them: known without a declaration, checked like any directive
/// (location, argument values), their levels checked against the field's type, harmless to schemas and operations
/// that do not use them, and the same when a schema declares them itself as Apollo's specification writes them.
@Suite("Semantic nullability in the compiler")
struct SemanticNullabilityCompilerTests {
    static let schema = """
        type User {
          id: ID!
          name: String @semanticNonNull
          friends: [User] @semanticNonNull(levels: [0, 1])
        }
        type Query { me: User }
        """

    /// The generated operations file of `operation`, or the compiler's error.
    static func generate(_ operation: String, schema: String = schema) throws -> String {
        let files = try GeneratorHarness.generate(sdl: schema, operations: operation)
        return files.filter { $0.path.hasPrefix("Operations/") }.map(\.contents).joined()
    }

    /// The compiler's error for `operation` (or `schema`), as `apicore generate` prints it.
    static func failure(_ operation: String, schema: String = schema) -> String {
        do {
            _ = try generate(operation, schema: schema)
            return "(no error)"
        } catch {
            return "\(error)"
        }
    }

    @Test("the types follow the directives: non-optional under THROW, a result under RESULT, optional by default")
    func types() throws {
        let thrown = try Self.generate(
            "query Me @catchByDefault(to: THROW) { me @catch(to: NULL) { name friends { id } } }")
        #expect(thrown.contains("public var name: String {"))
        #expect(thrown.contains("public var friends: [Friends] {"))
        #expect(thrown.contains("public var me: Me? {"))
        let result = try Self.generate("query Me { me { name @catch friends @catch(to: NULL) { id } } }")
        #expect(result.contains("public var name: GraphQLFieldResult<String> { __fieldResult(\"name\") }"))
        #expect(result.contains("public var friends: [Friends?]? {"))
        let plain = try Self.generate("query Me { me { name friends { id } } }")
        #expect(plain.contains("public var name: String? {"))
        #expect(!plain.contains("catching:"))
    }

    @Test(
        "a fragment spread inside another keeps its own default, and the outer fragment's fields after it keep theirs")
    func nestedFragmentDefaults() throws {
        let operations = """
            query Me { me { ...Outer } }
            fragment Outer on User @catchByDefault(to: THROW) { friends { ...Inner } name }
            fragment Inner on User { name }
            """
        let files = try GeneratorHarness.generate(sdl: Self.schema, operations: operations)
        let outer = GeneratorHarness.file("Operations/Outer.graphql.swift", in: files)
        let inner = GeneratorHarness.file("Operations/Inner.graphql.swift", in: files)
        #expect(outer.contains("public var name: String {"), "\(outer)")
        #expect(inner.contains("public var name: String? {"), "\(inner)")
    }

    @Test("a schema's @catchByDefault applies to every operation that does not set its own")
    func schemaDefault() throws {
        let schema = Self.schema + "\nextend schema @catchByDefault(to: THROW)\n"
        let thrown = try Self.generate("query Me { me { name } }", schema: schema)
        #expect(thrown.contains("public var name: String {"))
        // The root field is nullable and not semantically non-null: its error is thrown, and it stays optional.
        #expect(thrown.contains("public var me: Me? {"))
        #expect(thrown.contains("catching: .throwing([0])"))
        let caught = try Self.generate("query Me @catchByDefault(to: NULL) { me { name } }", schema: schema)
        #expect(caught.contains("public var name: String? {"))
    }

    @Test(
        "misuses are located errors",
        arguments: [
            ("query Me { me { name @catch(to: RESULT, levels: [1]) } }", "level 1 is not one of the type's levels"),
            ("query Me { me { friends @catch(to: RESULT, levels: [1]) { id } } }", "applies to a field's own value"),
            (
                "query Me { me { friends @catch(levels: [2]) { id } } }",
                "level 2 is not one of the type's levels (0 to 1"
            ),
            ("query Me { me { name @catch(to: MAYBE) } }", "MAYBE"),
            ("query Me { me { ... on User @catch { name } } }", "INLINE_FRAGMENT"),
            ("query Me @catchByDefault { me { name } }", "catchByDefault"),
            ("query Me { me { name @catch @catch } }", "catch"),
        ])
    func misuses(_ operation: String, _ expected: String) {
        let message = Self.failure(operation)
        #expect(message.contains(expected), "\(message)")
        #expect(message.contains("operations.graphql:1:"), "\(message)")
    }

    @Test("one response key caught two ways in one selection set is an error at the second; caught alike, it is one")
    func conflictingCatch() throws {
        let message = Self.failure("query Q { me { name @catch(to: RESULT) id name } }")
        #expect(message.contains("\"name\" is selected twice here with different @catch"), "\(message)")
        #expect(message.hasPrefix("operations.graphql:1:43: error:"), "\(message)")
        let alike = try Self.generate("query Q { me { name @catch(to: RESULT) id name @catch(to: RESULT) } }")
        #expect(alike.contains("GraphQLFieldResult<String>"), "\(alike)")
        // An alias makes them two properties, each with its own type.
        let aliased = try Self.generate("query Q { me { name @catch(to: RESULT) id plain: name } }")
        #expect(aliased.contains("public var plain: String?"), "\(aliased)")
    }

    @Test("@semanticNonNull levels beyond the field's lists are an error at the directive")
    func schemaLevels() {
        let schema = "type Query { me: String @semanticNonNull(levels: [1]) }"
        let message = Self.failure("query Me @catchByDefault(to: THROW) { me }", schema: schema)
        #expect(message.contains("level 1 is not one of the type's levels (0 to 0"), "\(message)")
        #expect(message.contains("schema.graphqls:1:"), "\(message)")
    }

    @Test("a schema that declares the directives and CatchTo itself, as Apollo's specification does, reads the same")
    func declaredBySchema() throws {
        let declared = """
            directive @semanticNonNull(levels: [Int!]! = [0]) on FIELD_DEFINITION
            directive @catch(to: CatchTo! = RESULT, levels: [Int!]! = [0]) on FIELD
            directive @catchByDefault(to: CatchTo!) on SCHEMA | QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION
            enum CatchTo { RESULT NULL THROW }
            """
        let schema = declared + "\n" + Self.schema
        let generated = try Self.generate("query Me @catchByDefault(to: THROW) { me { name @catch } }", schema: schema)
        #expect(generated.contains("public var name: GraphQLFieldResult<String> {"))
    }

    @Test("the implicit definitions are nowhere in a printed schema, and a schema without the directives is unchanged")
    func implicitDefinitionsStayImplicit() throws {
        let schema = try GraphQLSchema.build(from: [Source(name: "schema.graphqls", text: Self.schema)])
        let printed = SchemaPrinter.print(schema)
        #expect(!printed.contains("CatchTo"))
        #expect(!printed.contains("directive @catch"))
        #expect(!printed.contains("directive @semanticNonNull"))
        #expect(!schema.types.contains { $0.name == "CatchTo" })
        #expect(schema.type(named: "CatchTo") != nil)
    }
}
