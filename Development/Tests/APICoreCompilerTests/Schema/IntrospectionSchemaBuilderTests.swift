import Foundation
import Testing

@testable import APICoreCompiler

/// Building from introspection JSON: both wrappers, what the model carries, and errors that name the JSON path.
@Suite struct IntrospectionSchemaBuilderTests {
    private static func named(_ name: String, kind: String = "SCALAR") -> [String: Any] {
        ["kind": kind, "name": name, "ofType": NSNull()]
    }

    private static func nonNull(_ type: [String: Any]) -> [String: Any] {
        ["kind": "NON_NULL", "name": NSNull(), "ofType": type]
    }

    private static func list(_ type: [String: Any]) -> [String: Any] {
        ["kind": "LIST", "name": NSNull(), "ofType": type]
    }

    private static func inputValue(_ name: String, _ type: [String: Any], default text: String? = nil) -> [String: Any]
    {
        ["name": name, "description": NSNull(), "type": type, "defaultValue": text ?? NSNull()]
    }

    /// A small introspection result: a query with an argument, an enum, a `@oneOf` input, a scalar with a URL.
    private static func schema() -> [String: Any] {
        let query: [String: Any] = [
            "kind": "OBJECT", "name": "Query", "description": "The root.", "interfaces": [],
            "fields": [
                [
                    "name": "items", "description": NSNull(), "isDeprecated": true, "deprecationReason": NSNull(),
                    "type": nonNull(list(named("Item", kind: "ENUM"))),
                    "args": [
                        inputValue("order", named("Item", kind: "ENUM"), default: "ASC"),
                        inputValue("by", named("Pick", kind: "INPUT_OBJECT")),
                        inputValue("since", named("Date")),
                    ],
                ]
            ],
        ]
        let item: [String: Any] = [
            "kind": "ENUM", "name": "Item",
            "enumValues": [
                ["name": "ASC", "isDeprecated": false],
                ["name": "DESC", "isDeprecated": true, "deprecationReason": "Use ASC."],
            ],
        ]
        let pick: [String: Any] = [
            "kind": "INPUT_OBJECT", "name": "Pick", "isOneOf": true,
            "inputFields": [inputValue("id", named("ID")), inputValue("name", named("String"))],
        ]
        let date: [String: Any] = ["kind": "SCALAR", "name": "Date", "specifiedByURL": "https://example.com/date"]
        let typeKind: [String: Any] = ["kind": "ENUM", "name": "__TypeKind", "enumValues": [["name": "SCALAR"]]]
        return [
            "queryType": ["name": "Query"], "mutationType": NSNull(), "subscriptionType": NSNull(),
            "types": [query, item, pick, date, typeKind, named("String"), named("ID"), named("Int")],
            "directives": [
                [
                    "name": "cached", "description": "Cached.", "locations": ["FIELD"], "isRepeatable": true,
                    "args": [inputValue("ttl", named("Int"), default: "60")],
                ]
            ],
        ]
    }

    private static func data(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object)
    }

    private static func errors(_ object: Any) -> [String] {
        do {
            _ = try GraphQLSchema.build(introspection: try data(object), file: "schema.json")
            return []
        } catch let error as CompilerError {
            return error.diagnostics.map { "\($0.locations.first?.description ?? "?"): \($0.message)" }
        } catch {
            return ["\(error)"]
        }
    }

    @Test func bothWrappersBuildTheSameSchema() throws {
        let wrapped = try GraphQLSchema.build(
            introspection: try Self.data(["data": ["__schema": Self.schema()]]), file: "schema.json")
        let bare = try GraphQLSchema.build(
            introspection: try Self.data(["__schema": Self.schema()]), file: "schema.json")
        #expect(SchemaComparer().firstDifference(wrapped, bare) == nil)
    }

    @Test func theModelCarriesWhatIntrospectionSays() throws {
        let schema = try GraphQLSchema.build(
            introspection: try Self.data(["__schema": Self.schema()]), file: "schema.json")
        #expect(schema.type(named: "__TypeKind") == nil)
        #expect(schema.type(named: "Query")?.description == "The root.")
        let items = schema.type(named: "Query")?.field(named: "items")
        #expect(items?.type.description == "[Item]!")
        #expect(items?.deprecationReason == "No longer supported")
        #expect(items?.argument(named: "order")?.defaultValue == Value(.enumValue("ASC")))
        guard case .enumeration(let item)? = schema.type(named: "Item"),
            case .inputObject(let pick)? = schema.type(named: "Pick"),
            case .scalar(let date)? = schema.type(named: "Date")
        else {
            Issue.record("a type has the wrong kind")
            return
        }
        #expect(item.values.map(\.deprecationReason) == [nil, "Use ASC."])
        #expect(pick.isOneOf)
        #expect(date.specifiedByURL == "https://example.com/date")
        let cached = schema.directive(named: "cached")
        #expect(cached?.isRepeatable == true)
        #expect(cached?.argument(named: "ttl")?.defaultValue == Value(.int("60")))
        #expect(schema.type(named: "Boolean") != nil)
        #expect(schema.directive(named: "skip") != nil)
        #expect(schema.type(named: "Query")?.location == .unknown)
    }

    @Test func malformedFilesNameTheJSONPath() {
        var schema = Self.schema()
        #expect(
            Self.errors(["data": ["schema": schema]]) == [
                "schema.json:1:1: Invalid introspection JSON at \"data\": \"__schema\" is missing or null. Use the "
                    + "complete result of an introspection query, as {\"data\": {\"__schema\": ...}} or "
                    + "{\"__schema\": ...}."
            ])
        var types = schema["types"] as? [Any] ?? []
        var query = types[0] as? [String: Any] ?? [:]
        var fields = query["fields"] as? [[String: Any]] ?? []
        fields[0]["type"] = ["kind": "LIST", "name": NSNull(), "ofType": NSNull()]
        query["fields"] = fields
        types[0] = query
        schema["types"] = types
        let errors = Self.errors(["__schema": schema])
        #expect(errors.count == 1)
        #expect(
            errors.first?.hasPrefix(
                "schema.json:1:1: Invalid introspection JSON at \"__schema.types[Query].fields[items].type\": "
                    + "\"ofType\" is missing or null.") == true)
    }

    @Test func defaultValuesMustBeGraphQLLiterals() {
        var schema = Self.schema()
        var directives = schema["directives"] as? [[String: Any]] ?? []
        directives[0]["args"] = [Self.inputValue("ttl", Self.named("Int"), default: "{60")]
        schema["directives"] = directives
        let errors = Self.errors(["__schema": schema])
        #expect(
            errors.first?.hasPrefix(
                "schema.json:1:1: Invalid introspection JSON at \"__schema.directives[cached].args[ttl].defaultValue\": "
                    + "\"{60\" is not a GraphQL value literal (Syntax Error:") == true)
    }

    @Test func unknownKindsAndLocationsAndInvalidJSONAreReported() {
        var schema = Self.schema()
        schema["types"] = [["kind": "THING", "name": "Query"]]
        #expect(
            Self.errors(["__schema": schema]).first?.hasPrefix(
                "schema.json:1:1: Invalid introspection JSON at \"__schema.types[Query].kind\": unknown type kind "
                    + "\"THING\"") == true)
        var badLocation = Self.schema()
        badLocation["directives"] = [["name": "x", "locations": ["NOWHERE"], "args": []]]
        #expect(
            Self.errors(["__schema": badLocation]).first?.hasPrefix(
                "schema.json:1:1: Invalid introspection JSON at \"__schema.directives[x].locations[0]\": unknown "
                    + "directive location \"NOWHERE\"") == true)
        do {
            _ = try GraphQLSchema.build(introspection: Data("{\"__schema\": ".utf8), file: "cut.json")
            Issue.record("truncated JSON was accepted")
        } catch {
            #expect(error.diagnostics.first?.message.hasPrefix("The introspection file is not valid JSON") == true)
            #expect(error.diagnostics.first?.locations.first?.description == "cut.json:1:1")
        }
    }

    @Test func validationErrorsAreLocatedAtTheFile() {
        var schema = Self.schema()
        schema["queryType"] = ["name": "Missing"]
        #expect(
            Self.errors(["__schema": schema]) == [
                "schema.json:1:1: Unknown type \"Missing\" for the query root type. Define it, or correct the name."
            ])
    }

    @Test func enumDefaultsWrittenAsStringsAreReadAsEnumValuesWithAWarning() throws {
        var schema = Self.schema()
        var types = schema["types"] as? [Any] ?? []
        var query = types[0] as? [String: Any] ?? [:]
        var fields = query["fields"] as? [[String: Any]] ?? []
        fields[0]["args"] = [
            Self.inputValue("orders", Self.list(Self.named("Item", kind: "ENUM")), default: "[\"ASC\", \"DESC\"]")
        ]
        query["fields"] = fields
        types[0] = query
        schema["types"] = types
        let built = try GraphQLSchema.build(introspection: try Self.data(["__schema": schema]), file: "schema.json")
        let orders = built.type(named: "Query")?.field(named: "items")?.argument(named: "orders")
        #expect(orders?.defaultValue == Value(.list([Value(.enumValue("ASC")), Value(.enumValue("DESC"))])))
        #expect(
            built.warnings.map(\.description) == [
                "schema.json:1:1: warning: The default value of argument \"Query.items(orders:)\" writes enum values "
                    + "as strings ([\"ASC\", \"DESC\"]); they are read as enum values."
            ])
    }

    /// graphql-core 3.3 answers `DIRECTIVE_DEFINITION` (a draft location) among `@deprecated`'s; it is left out.
    @Test func directiveLocationsOfNewerDraftsAreLeftOut() throws {
        var schema = Self.schema()
        schema["directives"] = [
            [
                "name": "cached", "locations": ["FIELD", "DIRECTIVE_DEFINITION"], "isRepeatable": false,
                "args": [Any](),
            ]
        ]
        let built = try GraphQLSchema.build(introspection: try Self.data(["__schema": schema]), file: "schema.json")
        #expect(built.directive(named: "cached")?.locations == [.field])
    }
}
