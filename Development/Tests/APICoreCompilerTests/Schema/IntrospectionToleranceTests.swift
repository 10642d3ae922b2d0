import APICoreCompiler
import Foundation
import Testing

/// Introspection JSON as graphql-js's `buildClientSchema` reads it: what it repairs is built by default, with a warning
/// at the start of the file (a strict build reports an error); what it rejects is rejected in both builds.
@Suite struct IntrospectionToleranceTests {
    private static let strict = SchemaBuildOptions(isStrict: true)

    /// An introspection result of these types (JSON objects) and directives, with `Query` as the query type.
    private static func result(_ types: [String], directives: [String] = [], mutation: String = "null") -> Data {
        Data(
            """
            {"__schema": {"queryType": {"name": "Query"}, "mutationType": \(mutation), "types": [\(types.joined(
                separator: ", "))], "directives": [\(directives.joined(separator: ", "))]}}
            """.utf8)
    }

    private static func type(_ name: String, kind: String = "SCALAR") -> String {
        "{\"kind\": \"\(kind)\", \"name\": \"\(name)\", \"ofType\": null}"
    }

    private static func field(_ name: String, _ type: String, args: String = "[]") -> String {
        "{\"name\": \"\(name)\", \"args\": \(args), \"type\": \(type), \"isDeprecated\": false}"
    }

    private static func object(_ name: String, _ fields: [String], kind: String = "OBJECT") -> String {
        let members = fields.joined(separator: ", ")
        return "{\"kind\": \"\(kind)\", \"name\": \"\(name)\", \"interfaces\": [], \"fields\": [\(members)]}"
    }

    private static func build(
        _ data: Data, options: SchemaBuildOptions = SchemaBuildOptions()
    ) throws(CompilerError) -> GraphQLSchema {
        try GraphQLSchema.build(introspection: data, file: "schema.json", options: options)
    }

    /// The messages building throws; empty when it builds.
    private static func errors(_ data: Data, options: SchemaBuildOptions = SchemaBuildOptions()) -> [String] {
        do {
            _ = try build(data, options: options)
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }.map(\.message)
        }
    }

    @Test func repeatedNamesAreReadAsGraphQLJSReadsThem() throws {
        let string = Self.type("String")
        let data = Self.result(
            [
                Self.object("Query", [Self.field("a", Self.type("Int")), Self.field("a", string)]),
                Self.type("String"), Self.type("Int"), Self.type("String"),
            ],
            directives: [
                "{\"name\": \"d\", \"locations\": [\"FIELD\"], \"args\": []}",
                "{\"name\": \"d\", \"locations\": [\"QUERY\"], \"args\": []}",
            ])
        let schema = try Self.build(data)
        #expect(schema.type(named: "Query")?.fields.map { "\($0.name): \($0.type)" } == ["a: String"])
        #expect(schema.directive(named: "d")?.locations == [.field])
        let tail = "as graphql-js does. List each name once, or build with --strict to make it an error."
        #expect(
            schema.warnings.map(\.description) == [
                "schema.json:1:1: warning: The introspection result lists type \"String\" more than once; the last is "
                    + "used, \(tail)",
                "schema.json:1:1: warning: The introspection result lists field \"Query.a\" more than once; the last "
                    + "is used, \(tail)",
                "schema.json:1:1: warning: The introspection result lists directive \"@d\" more than once; the first "
                    + "is used, \(tail)",
            ])
        #expect(Self.errors(data, options: Self.strict).count == 3)
    }

    @Test func aBuiltInScalarListedAsAnotherKindIsTheScalar() throws {
        let data = Self.result([
            Self.object("Query", [Self.field("a", Self.type("Int"))]),
            Self.object("Int", [Self.field("v", Self.type("Int"))]),
        ])
        let schema = try Self.build(data)
        guard case .scalar? = schema.type(named: "Int") else {
            Issue.record("Int is not the built-in scalar")
            return
        }
        #expect(schema.warnings.map(\.rule) == ["BuiltInScalars"])
        #expect(
            Self.errors(data, options: Self.strict) == [
                "\"Int\" is a built-in scalar; it cannot be defined as a type of kind OBJECT. Rename the type."
            ])
    }

    @Test func introspectionTypesResolveWhenTheResultListsThem() throws {
        let query = Self.object("Query", [Self.field("s", Self.type("__Schema", kind: "OBJECT"))])
        let listed = try Self.build(Self.result([query, Self.object("__Schema", []), Self.type("String")]))
        #expect(listed.type(named: "__Schema")?.field(named: "queryType") != nil)
        #expect(listed.warnings.map(\.rule) == ["IntrospectionTypeReferences"])
        #expect(
            Self.errors(Self.result([query, Self.type("String")])) == [
                "Unknown type \"__Schema\" in field \"Query.s\". Define it, or correct the name."
            ])
    }

    @Test func everyReferencedBuiltInScalarMustBeListed() {
        let data = Self.result(
            [Self.object("Query", [Self.field("a", Self.type("String"))])],
            directives: [
                "{\"name\": \"skip\", \"locations\": [\"FIELD\"], \"args\": [{\"name\": \"if\", \"type\": "
                    + "{\"kind\": \"NON_NULL\", \"ofType\": \(Self.type("Boolean"))}}]}"
            ])
        let expected = [
            "Unknown type \"String\" in field \"Query.a\": the introspection result does not list it in \"types\", and "
                + "graphql-js finds every type there. Use the complete result of an introspection query.",
            "Unknown type \"Boolean\" in argument \"@skip(if:)\": the introspection result does not list it in "
                + "\"types\", and graphql-js finds every type there. Use the complete result of an introspection "
                + "query.",
        ]
        #expect(Self.errors(data) == expected)
        #expect(Self.errors(data, options: Self.strict) == expected)
    }

    @Test func fieldsAndDirectivesNeedTheirArgumentsAndObjectsTheirInterfaces() {
        let withoutArgs = Self.result([
            "{\"kind\": \"OBJECT\", \"name\": \"Query\", \"interfaces\": [], \"fields\": [{\"name\": \"a\", \"type\": "
                + "\(Self.type("String"))}]}",
            Self.type("String"),
        ])
        #expect(
            Self.errors(withoutArgs).first?.contains("\"__schema.types[Query].fields[a]\": \"args\" is missing") == true
        )
        let withoutInterfaces = Self.result([
            "{\"kind\": \"OBJECT\", \"name\": \"Query\", \"fields\": [\(Self.field("a", Self.type("String")))]}",
            Self.type("String"),
        ])
        #expect(Self.errors(withoutInterfaces).first?.contains("\"interfaces\" is missing or null") == true)
        let directiveWithoutArgs = Self.result(
            [Self.object("Query", [Self.field("a", Self.type("String"))]), Self.type("String")],
            directives: ["{\"name\": \"d\", \"locations\": [\"FIELD\"]}"])
        #expect(Self.errors(directiveWithoutArgs).first?.contains("\"args\" is missing or null") == true)
    }

    @Test func namesMustBeGraphQLNames() {
        let data = Self.result([
            Self.object("Query", [Self.field("mx-field", Self.type("String"))]), Self.type("String"),
        ])
        #expect(
            Self.errors(data) == [
                "The name of field \"Query.mx-field\" is not a GraphQL name: names must match "
                    + "/[_A-Za-z][_0-9A-Za-z]*/. Rename it."
            ])
    }

    @Test func oneTypeMayBeTheRootOfTwoOperationKinds() throws {
        let data = Self.result(
            [Self.object("Query", [Self.field("a", Self.type("String"))]), Self.type("String")],
            mutation: "{\"name\": \"Query\"}")
        #expect(try Self.build(data).warnings.map(\.rule) == ["RootOperationTypes"])
        #expect(Self.errors(data, options: Self.strict).count == 1)
    }
}
