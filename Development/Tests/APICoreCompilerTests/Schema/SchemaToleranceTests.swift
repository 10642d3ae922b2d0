import APICoreCompiler
import Foundation
import Testing

/// What graphql-js 16 builds although the specification rejects it: built too, repaired as graphql-js repairs it, with
/// a located warning; a strict build keeps the errors.
@Suite struct SchemaToleranceTests {
    static let invalidDefaults = """
        enum Order { ASC DESC }
        input Page { first: Int!, after: String, size: Int = "ten" }
        type Query {
          a(x: Int = "1"): Int
          b(x: Order = ASCE, keep: Order = ASC): Int
          c(x: Page = {}): Int
        }
        directive @cached(ttl: Int = 1.5) on FIELD_DEFINITION
        """

    @Test func invalidDefaultValuesAreDroppedWithALocatedWarning() throws {
        let schema = try SchemaTestSupport.build(Self.invalidDefaults)
        let query = schema.type(named: "Query")
        // Each argument is still there, without its default.
        let aX = try #require(query?.field(named: "a")?.argument(named: "x"))
        #expect(aX.defaultValue == nil)
        let bX = try #require(query?.field(named: "b")?.argument(named: "x"))
        #expect(bX.defaultValue == nil)
        #expect(query?.field(named: "b")?.argument(named: "keep")?.defaultValue == Value(.enumValue("ASC")))
        let cX = try #require(query?.field(named: "c")?.argument(named: "x"))
        #expect(cX.defaultValue == nil)
        guard case .inputObject(let page)? = schema.type(named: "Page") else {
            Issue.record("Page is not an input object")
            return
        }
        let size = try #require(page.field(named: "size"))
        #expect(size.defaultValue == nil)
        let ttl = try #require(schema.directive(named: "cached")?.arguments.first)
        #expect(ttl.defaultValue == nil)
        let warnings = schema.warnings.map(SchemaTestSupport.summary)
        let tail =
            "graphql-js builds the schema without this default; fix it in the schema, or build with --strict "
            + "to make it an error."
        #expect(
            warnings == [
                "2:42: The default value of input field \"Page.size\" is ignored: expected a value of type \"Int\", "
                    + "found \"ten\". \(tail)",
                "4:5: The default value of argument \"Query.a(x:)\" is ignored: expected a value of type \"Int\", "
                    + "found \"1\". \(tail)",
                "5:5: The default value of argument \"Query.b(x:)\" is ignored: \"ASCE\" is not a value of enum "
                    + "\"Order\". Did you mean \"ASC\"? \(tail)",
                "6:5: The default value of argument \"Query.c(x:)\" is ignored: field \"Page.first\" of type \"Int!\" "
                    + "is required but missing. \(tail)",
                "8:19: The default value of argument \"@cached(ttl:)\" is ignored: expected a value of type \"Int\", "
                    + "found 1.5. \(tail)",
            ])
        #expect(schema.warnings.allSatisfy { $0.severity == .warning })
    }

    @Test func aStrictBuildRejectsInvalidDefaultValues() {
        let errors = SchemaTestSupport.errors(Self.invalidDefaults, options: SchemaBuildOptions(isStrict: true))
        #expect(errors.count == 5)
        #expect(errors.allSatisfy { $0.contains("is invalid") })
    }

    static let introspectionCopies = """
        type Query { name: String }
        "A copy, as some dumps carry it."
        type __Schema { description: String, types: [__Type!]! }
        type __Type { kind: __TypeKind!, name: String, bogus: Int }
        enum __TypeKind { SCALAR OBJECT }
        extend type __Type { more: Int }
        """

    @Test func sdlCopiesOfIntrospectionTypesGiveWayToTheBuiltInOnes() throws {
        let schema = try SchemaTestSupport.build(Self.introspectionCopies)
        #expect(schema.types.allSatisfy { !$0.name.hasPrefix("__") })
        #expect(
            schema.warnings.map(SchemaTestSupport.summary) == [
                "2:1: This definition of \"__Schema\" is ignored: it is an introspection type, and the built-in one is "
                    + "used, as graphql-js does. Remove it from the schema, or build with --strict to make it an error.",
                "4:1: This definition of \"__Type\" is ignored: it is an introspection type, and the built-in one is "
                    + "used, as graphql-js does. Remove it from the schema, or build with --strict to make it an error.",
                "5:1: This definition of \"__TypeKind\" is ignored: it is an introspection type, and the built-in one "
                    + "is used, as graphql-js does. Remove it from the schema, or build with --strict to make it an "
                    + "error.",
                "6:1: This extension of \"__Type\" is ignored: it is an introspection type, and the built-in one is "
                    + "used, as graphql-js does. Remove it from the schema, or build with --strict to make it an error.",
            ])
        // Operations still introspect through the built-in types.
        let document = try Parser.parse(Source(name: "q.graphql", text: "{ __schema { types { name kind } } }"))
        #expect(DocumentValidator.validate([document], against: schema).isEmpty)
    }

    @Test func aStrictBuildRejectsIntrospectionTypeDefinitions() {
        let errors = SchemaTestSupport.errors(Self.introspectionCopies, options: SchemaBuildOptions(isStrict: true))
        #expect(errors.contains { $0.contains("\"__Schema\" must not begin with \"__\"") })
    }

    @Test func introspectionDefaultsThatDoNotFitAreDroppedToo() throws {
        let json = """
            {"data": {"__schema": {"queryType": {"name": "Query"}, "types": [
              {"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [
                {"name": "x", "type": {"kind": "SCALAR", "name": "Int"}, "defaultValue": "\\"one\\""}],
                "type": {"kind": "SCALAR", "name": "Int"}, "isDeprecated": false}], "interfaces": []},
              {"kind": "SCALAR", "name": "Int"}], "directives": []}}}
            """
        let schema = try GraphQLSchema.build(introspection: Data(json.utf8), file: "schema.json")
        let argument = try #require(schema.type(named: "Query")?.field(named: "a")?.argument(named: "x"))
        #expect(argument.defaultValue == nil)
        #expect(schema.warnings.map(SchemaTestSupport.summary).first?.hasPrefix("1:1: The default value of") == true)
        #expect(throws: CompilerError.self) {
            try GraphQLSchema.build(
                introspection: Data(json.utf8), file: "schema.json", options: SchemaBuildOptions(isStrict: true))
        }
    }
}
