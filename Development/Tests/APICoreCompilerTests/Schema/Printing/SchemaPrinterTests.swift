import APICoreTestSupport
import Testing

@testable import APICoreCompiler

/// SDL printed from a schema model builds the same schema again.
@Suite(.cpuBound) struct SchemaPrinterTests {
    static let corpusSchemas = CorpusSchemaTests.sdlSchemas + CorpusSchemaTests.introspectionSchemas

    /// A comparer that leaves out the directives the specification defines: the printer omits them, so the
    /// rebuilt schema has today's built-ins where an old server's introspection declared its own (Star Wars).
    static var comparer: SchemaComparer {
        var comparer = SchemaComparer()
        comparer.ignoredDirectives = Set(BuiltInDefinitions.specifiedDirectives.map(\.name))
        return comparer
    }

    static func reprinted(_ schema: GraphQLSchema) throws -> GraphQLSchema {
        try GraphQLSchema.build(from: [Source(name: "printed.graphqls", text: SchemaPrinter.print(schema))])
    }

    @Test(arguments: corpusSchemas)
    func printedCorpusSchemaBuildsTheSameSchema(_ relativePath: String) throws {
        let schema = try GraphQLSchema.load(paths: [SchemaTestSupport.corpusPath(relativePath)])
        let rebuilt = try Self.reprinted(schema)
        #expect(Self.comparer.firstDifference(schema, rebuilt) == nil)
        #expect(SchemaPrinter.print(rebuilt) == SchemaPrinter.print(schema))
    }

    @Test func gitHubIntrospectionPrintedAsSDLBuildsTheSchemaOfTheGitHubSDL() throws {
        let introspected = try GraphQLSchema.load(paths: [
            SchemaTestSupport.corpusPath("github/schema-introspection.json")
        ])
        let fromSDL = try GraphQLSchema.load(paths: [SchemaTestSupport.corpusPath("github/schema.graphqls")])
        #expect(SchemaComparer().firstDifference(try Self.reprinted(introspected), fromSDL) == nil)
    }

    /// Descriptions come out as block strings, directive locations in the specification's order.
    @Test func printsEveryKindOfDefinition() throws {
        let sdl = """
            schema {
              query: Root
            }

            \"\"\"A tag.\"\"\"
            directive @tag(name: String!) repeatable on OBJECT | FIELD_DEFINITION

            \"\"\"
            The root.
            Two lines.
            \"\"\"
            type Root implements Node @tag(name: "root") {
              id: ID!
              \"\"\"Old.\"\"\"
              old: String @deprecated
              older(
                \"\"\"How many.\"\"\"
                first: Int = 10
                filter: Filter = {kind: A}
              ): [String!] @deprecated(reason: "Use `id`.")
              pet: Pet
            }

            interface Node {
              id: ID!
            }

            union Pet = Root

            enum Kind {
              A
              B @deprecated(reason: "Gone.")
            }

            input Filter {
              kind: Kind = B
              name: String @deprecated
            }

            input Choice @oneOf {
              a: Int
              b: String
            }

            scalar Date @specifiedBy(url: "https://example.com/date")

            """
        let schema = try SchemaTestSupport.build(sdl)
        #expect(SchemaPrinter.print(schema) == sdl)
    }

    @Test func leavesOutTheSchemaDefinitionForDefaultRootNames() throws {
        let schema = try SchemaTestSupport.build("type Query { a: Int }\ntype Mutation { b: Int }")
        #expect(SchemaPrinter.print(schema) == "type Query {\n  a: Int\n}\n\ntype Mutation {\n  b: Int\n}\n")
    }

    @Test func writesTheSchemaDefinitionWhenADefaultNamedTypeIsNotARoot() throws {
        let schema = try SchemaTestSupport.build(
            "schema { query: Query }\ntype Query { a: Int }\ntype Mutation { b: Int }")
        #expect(SchemaPrinter.print(schema).hasPrefix("schema {\n  query: Query\n}\n"))
    }

    @Test func descriptionsThatNeedEscapingSurvive() throws {
        let schema = try SchemaTestSupport.build(
            #"type Query { "Ends with a quote \" and \"\"\" and \\ back" a: Int }"#)
        let rebuilt = try Self.reprinted(schema)
        #expect(
            rebuilt.type(named: "Query")?.field(named: "a")?.description == #"Ends with a quote " and """ and \ back"#)
    }
}
