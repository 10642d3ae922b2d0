import Testing

@testable import APICoreCompiler

/// Building from SDL: extensions, several files, built-ins, and what the model carries.
@Suite struct SDLSchemaBuilderTests {
    @Test func everyKindOfExtensionIsApplied() throws {
        let schema = try SchemaTestSupport.build(
            """
            extend schema @link { subscription: Events }
            type Query { a: Int }
            extend type Query implements Node { id: ID! }
            interface Node { id: ID! }
            interface Named { name: String }
            extend interface Named implements Node { id: ID! }
            type User implements Node { id: ID! }
            extend type User implements Named { name: String }
            union Result = User
            extend union Result = Other
            type Other { b: Int }
            enum Color { RED }
            extend enum Color { GREEN }
            input Filter { q: String }
            extend input Filter { limit: Int }
            scalar Date
            extend scalar Date @specifiedBy(url: "https://tools.ietf.org/html/rfc3339")
            type Events { tick: Int }
            directive @link on SCHEMA
            """)
        #expect(schema.subscriptionTypeName == "Events")
        #expect(schema.schemaDirectives.map(\.name.value) == ["link"])
        #expect(schema.type(named: "Query")?.fields.map(\.name) == ["a", "id"])
        guard case .object(let query)? = schema.type(named: "Query"),
            case .interface(let named)? = schema.type(named: "Named"),
            case .object(let user)? = schema.type(named: "User"),
            case .union(let result)? = schema.type(named: "Result"),
            case .enumeration(let color)? = schema.type(named: "Color"),
            case .inputObject(let filter)? = schema.type(named: "Filter"),
            case .scalar(let date)? = schema.type(named: "Date")
        else {
            Issue.record("a type has the wrong kind")
            return
        }
        #expect(query.interfaces == ["Node"])
        #expect(named.interfaces == ["Node"])
        #expect(named.fields.map(\.name) == ["name", "id"])
        #expect(user.interfaces == ["Node", "Named"])
        #expect(user.fields.map(\.name) == ["id", "name"])
        #expect(result.members == ["User", "Other"])
        #expect(color.values.map(\.name) == ["RED", "GREEN"])
        #expect(filter.fields.map(\.name) == ["q", "limit"])
        #expect(date.specifiedByURL == "https://tools.ietf.org/html/rfc3339")
        #expect(schema.possibleTypeNames(of: .interface(named)) == ["User"])
    }

    @Test func extendingAnUndefinedTypeIsAnError() {
        let errors = SchemaTestSupport.errors(
            """
            type Query { a: Int }
            extend type Querry { b: Int }
            extend input Missing { c: Int }
            """)
        #expect(
            errors == [
                "2:13: Cannot extend type \"Querry\" because it is not defined. Did you mean \"Query\"?",
                "3:14: Cannot extend type \"Missing\" because it is not defined. Define it with \"input Missing\", "
                    + "or correct the name.",
            ])
    }

    @Test func anExtensionMustMatchTheKindOfItsType() {
        let errors = SchemaTestSupport.errors(
            """
            type Query { a: Int }
            enum Color { RED }
            extend type Color { b: Int }
            """)
        #expect(
            errors == [
                "3:13: \"extend type Color\" does not match the definition of \"Color\" as \"enum\". Use \"extend "
                    + "enum Color\". (related 2:6)"
            ])
    }

    @Test func filesAreMergedAndExtensionsMayComeFirst() throws {
        let sources = [
            Source(name: "extensions.graphqls", text: "extend type Query { users: [User!]! }\n"),
            Source(name: "query.graphqls", text: "type Query { me: User }\n"),
            Source(name: "user.graphqls", text: "type User { id: ID! }\n"),
        ]
        let schema = try GraphQLSchema.build(from: sources)
        #expect(schema.type(named: "Query")?.fields.map(\.name) == ["me", "users"])
        #expect(schema.type(named: "User")?.location.file == "user.graphqls")
        #expect(schema.type(named: "Query")?.field(named: "users")?.location.file == "extensions.graphqls")
    }

    @Test func diagnosticsNameTheirFiles() {
        let errors = SchemaTestSupport.errors(
            of: [
                Source(name: "a.graphqls", text: "type Query { a: Int }\n"),
                Source(name: "b.graphqls", text: "type Query { b: Int }\n"),
            ])
        #expect(errors == ["1:6: There can be only one type named \"Query\". (related 1:6)"])
        do {
            _ = try GraphQLSchema.build(from: [
                Source(name: "a.graphqls", text: "type Query { a: Int }\n"),
                Source(name: "b.graphqls", text: "type Query { b: Int }\n"),
            ])
            Issue.record("the duplicate was not reported")
        } catch {
            #expect(error.diagnostics.first?.locations.map(\.file) == ["b.graphqls", "a.graphqls"])
            #expect(
                error.description
                    == "b.graphqls:1:6: error: There can be only one type named \"Query\".\n"
                    + "a.graphqls:1:6: note: related location")
        }
    }

    @Test func builtInsArePresentOnceAndDeclaredOnesWin() throws {
        let schema = try SchemaTestSupport.build(
            """
            "My string."
            scalar String
            directive @defer(label: String) on FRAGMENT_SPREAD
            type Query { a: String }
            """)
        #expect(schema.types.filter { $0.name == "String" }.count == 1)
        #expect(schema.type(named: "String")?.description == "My string.")
        #expect(schema.directives.filter { $0.name == "defer" }.count == 1)
        #expect(schema.directive(named: "defer")?.locations == [.fragmentSpread])
        for name in BuiltInDefinitions.scalarNames {
            #expect(schema.types.filter { $0.name == name }.count == 1, "scalar \(name)")
        }
        for name in ["skip", "include", "deprecated", "specifiedBy", "oneOf", "typePolicy", "stream"] {
            #expect(schema.directives.filter { $0.name == name }.count == 1, "directive @\(name)")
        }
        #expect(
            schema.directive(named: "deprecated")?.argument(named: "reason")?.defaultValue
                == Value(.string("No longer supported", isBlock: false)))
    }

    @Test func descriptionsDeprecationsAndLocationsAreCarried() throws {
        let schema = try SchemaTestSupport.build(
            #"""
            """The schema."""
            schema { query: Query }
            """
            The root.
              Indented.
            """
            type Query {
              "A field."
              old(
                "An argument."
                arg: Int @deprecated(reason: "Use `new`.")
              ): Int @deprecated
              new: Level
            }
            enum Level { LOW @deprecated(reason: "Too low.") HIGH }
            """#)
        #expect(schema.description == "The schema.")
        let query = schema.type(named: "Query")
        #expect(query?.description == "The root.\n  Indented.")
        #expect(query?.location.line == 7)
        #expect(query?.location.column == 6)
        let old = query?.field(named: "old")
        #expect(old?.description == "A field.")
        #expect(old?.deprecationReason == "No longer supported")
        #expect(old?.argument(named: "arg")?.description == "An argument.")
        #expect(old?.argument(named: "arg")?.deprecationReason == "Use `new`.")
        let newField = try #require(query?.field(named: "new"))
        #expect(newField.deprecationReason == nil)
        guard case .enumeration(let level)? = schema.type(named: "Level") else {
            Issue.record("Level is not an enum")
            return
        }
        #expect(level.values.map(\.deprecationReason) == ["Too low.", nil])
    }

    @Test func operationsDoNotBelongInASchema() {
        let errors = SchemaTestSupport.errors(
            """
            type Query { a: Int }
            query Q { a }
            fragment F on Query { a }
            """, options: SchemaBuildOptions(isStrict: true))
        #expect(
            errors == [
                "2:1: A schema document cannot contain operations; move this query to an operation document.",
                "3:1: A schema document cannot contain fragments; move fragment \"F\" to an operation document.",
            ])
    }

    @Test func syntaxErrorsOfEveryFileAreReportedTogether() {
        let errors = SchemaTestSupport.errors(
            of: [
                Source(name: "a.graphqls", text: "type Query { a: }\n"),
                Source(name: "b.graphqls", text: "type B { b: Int\n"),
            ])
        #expect(errors.count == 2)
    }
}
