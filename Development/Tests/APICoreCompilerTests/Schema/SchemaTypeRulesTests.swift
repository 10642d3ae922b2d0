import Testing

@testable import APICoreCompiler

/// Known types of the right kind, types with members, unions, enums and root types.
@Suite struct SchemaTypeRulesTests {
    @Test func unknownTypesAreReportedWhereTheyAreReferenced() {
        let errors = SchemaTestSupport.errors(
            """
            type Query {
              user(id: Idd): Usr
            }
            type User { id: ID }
            """)
        #expect(
            errors == [
                "2:12: Unknown type \"Idd\" in argument \"Query.user(id:)\". Did you mean \"ID\"?",
                "2:18: Unknown type \"Usr\" in field \"Query.user\". Did you mean \"User\"?",
            ])
    }

    @Test func unknownTypesWithoutCloseNamesSayHowToFix() {
        let errors = SchemaTestSupport.errors("type Query { a: Zebra }")
        #expect(errors == ["1:17: Unknown type \"Zebra\" in field \"Query.a\". Define it, or correct the name."])
    }

    @Test func outputTypesCannotBeInputsAndInputObjectsCannotBeOutputs() {
        let errors = SchemaTestSupport.errors(
            """
            type Query { a(o: Query): Filter }
            input Filter { q: Query }
            """)
        #expect(
            errors == [
                "1:19: The type of argument \"Query.a(o:)\" must be an input type (a scalar, an enum or an input "
                    + "object); \"Query\" is an object type.",
                "1:27: The type of field \"Query.a\" must be an output type; \"Filter\" is an input object. Use an "
                    + "object, interface, union, enum or scalar type.",
                "2:19: The type of input field \"Filter.q\" must be an input type (a scalar, an enum or an input "
                    + "object); \"Query\" is an object type.",
            ])
    }

    @Test func typesMustHaveMembers() {
        let errors = SchemaTestSupport.errors(
            SchemaTestSupport.query
                + """
                type Empty
                interface Shape
                union Nothing
                enum Level
                input Filter
                """)
        #expect(
            errors == [
                "2:6: Object type \"Empty\" must define one or more fields. Add a field, or remove the type.",
                "3:11: Interface \"Shape\" must define one or more fields. Add a field, or remove the type.",
                "4:7: Union \"Nothing\" must have one or more member types. Add \"= A | B\" members, or remove it.",
                "5:6: Enum \"Level\" must define one or more values. Add a value, or remove the enum.",
                "6:7: Input object \"Filter\" must define one or more fields. Add a field, or remove the type.",
            ])
    }

    @Test func unionMembersMustBeDistinctKnownObjectTypes() {
        let errors = SchemaTestSupport.errors(
            """
            type Query { a: Result }
            interface Node { id: ID }
            type User { id: ID }
            union Result = User | Node | Usr | User
            """)
        #expect(
            errors == [
                "4:7: Union \"Result\" can only include object types; \"Node\" is an interface.",
                "4:7: Union \"Result\" includes unknown type \"Usr\". Did you mean \"User\"?",
                "4:7: Union \"Result\" can only include \"User\" once. Remove the repetition.",
            ])
    }

    @Test func aQueryRootTypeIsRequired() {
        let errors = SchemaTestSupport.errors("type Mutation { a: Int }")
        #expect(
            errors == [
                "1:1: The schema has no query root type. Define \"type Query\", or name the query type in "
                    + "\"schema { query: ... }\"."
            ])
    }

    @Test func rootTypesMustBeKnownDistinctObjectTypes() {
        let errors = SchemaTestSupport.errors(
            """
            schema {
              query: Root
              mutation: Root
              subscription: Event
            }
            type Root { a: Int }
            union Event = Root
            schema { query: Query }
            """, options: SchemaBuildOptions(isStrict: true))
        #expect(
            errors == [
                "3:13: \"Root\" is the root type of both query and mutation operations; each operation kind needs "
                    + "its own root type.",
                "4:17: The subscription root type must be an object type; \"Event\" is a union.",
                "8:1: A schema has only one schema definition; merge this one into the first, or make it "
                    + "\"extend schema\". (related 1:1)",
            ])
    }

    @Test func rootTypeNamesMustExist() {
        let errors = SchemaTestSupport.errors(
            """
            schema { query: Querry }
            type Query { a: Int }
            """)
        #expect(errors == ["1:17: Unknown type \"Querry\" for the query root type. Did you mean \"Query\"?"])
    }

    @Test func rootTypesDefaultToTheirConventionalNames() throws {
        let schema = try SchemaTestSupport.build(
            """
            type Query { a: Int }
            type Mutation { b: Int }
            type Subscription { c: Int }
            """)
        #expect(schema.queryTypeName == "Query")
        #expect(schema.mutationTypeName == "Mutation")
        #expect(schema.subscriptionTypeName == "Subscription")
    }

    @Test func aSchemaDefinitionReplacesTheConventionalNames() throws {
        let schema = try SchemaTestSupport.build(
            """
            schema { query: Root }
            type Root { a: Int }
            type Mutation { b: Int }
            """)
        #expect(schema.queryTypeName == "Root")
        #expect(schema.mutationTypeName == nil)
        #expect(schema.rootType(for: .query)?.name == "Root")
    }

    @Test func anOperationTypeNamedTwiceIsReported() {
        let errors = SchemaTestSupport.errors(
            """
            schema { query: Query }
            extend schema { query: Other }
            type Query { a: Int }
            type Other { a: Int }
            """)
        #expect(
            errors == [
                "2:17: The query root type is already \"Query\"; a schema has one root type per operation. Remove "
                    + "one of them. (related 1:17)"
            ])
    }
}
