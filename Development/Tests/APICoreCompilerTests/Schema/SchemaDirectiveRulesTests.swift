import Testing

@testable import APICoreCompiler

/// Directive definitions and the directives applied in a schema.
@Suite struct SchemaDirectiveRulesTests {
    @Test func unknownDirectivesAreErrorsWithASuggestion() {
        let errors = SchemaTestSupport.errors(
            """
            type Query {
              a: Int @depreciated
              b: Int @audit
            }
            """)
        #expect(
            errors == [
                "2:10: Unknown directive \"@depreciated\" on field \"Query.a\". Did you mean \"@deprecated\"?",
                "3:10: Unknown directive \"@audit\" on field \"Query.b\". Declare it with \"directive @audit on "
                    + "FIELD_DEFINITION\", or correct the name.",
            ])
    }

    @Test func directivesMustBeUsedWhereTheirDefinitionAllows() {
        let errors = SchemaTestSupport.errors(
            """
            type Query @deprecated { a: Int @specifiedBy(url: "x") }
            """)
        #expect(
            errors == [
                "1:12: Directive \"@deprecated\" cannot be used on OBJECT (type \"Query\"); it is declared on "
                    + "FIELD_DEFINITION | ARGUMENT_DEFINITION | ENUM_VALUE | INPUT_FIELD_DEFINITION.",
                "1:33: Directive \"@specifiedBy\" cannot be used on FIELD_DEFINITION (field \"Query.a\"); it is "
                    + "declared on SCALAR.",
            ])
    }

    @Test func nonRepeatableDirectivesAreUsedOncePerElement() {
        let errors = SchemaTestSupport.errors(
            """
            directive @tag(name: String) repeatable on FIELD_DEFINITION
            type Query {
              a: Int @deprecated @deprecated(reason: "twice") @tag @tag
            }
            """)
        #expect(
            errors == [
                "3:22: Directive \"@deprecated\" can only be used once on field \"Query.a\": it is not repeatable. "
                    + "Remove one. (related 3:10)"
            ])
    }

    @Test func directiveArgumentsAreKnownUniqueRequiredAndOfTheRightType() {
        let errors = SchemaTestSupport.errors(
            """
            directive @limit(max: Int!, unit: Unit) on FIELD_DEFINITION
            enum Unit { SECOND MINUTE }
            type Query {
              a: Int @limit(max: "ten", unit: HOUR)
              b: Int @limit(mx: 1, max: 2, max: 3)
              c: Int @limit
            }
            """, options: SchemaBuildOptions(isStrict: true))
        #expect(
            errors == [
                "4:22: Invalid value for argument \"max\" of \"@limit\": expected a value of type \"Int\", found "
                    + "\"ten\".",
                "4:35: Invalid value for argument \"unit\" of \"@limit\": \"HOUR\" is not a value of enum \"Unit\".",
                "5:17: Unknown argument \"mx\" on directive \"@limit\". Did you mean \"max\"?",
                "5:32: Argument \"max\" is given twice to \"@limit\". Remove one. (related 5:24)",
                "6:10: Directive \"@limit\" requires argument \"max\" of type \"Int!\".",
            ])
    }

    @Test func directiveDefinitionsNeedKnownLocationsAndInputArguments() {
        let errors = SchemaTestSupport.errors(
            SchemaTestSupport.query
                + """
                directive @a(x: Query) on FIELD_DEFINITION | OBJECT
                directive @b(x: Int @b) on ARGUMENT_DEFINITION
                """, options: SchemaBuildOptions(isStrict: true))
        #expect(
            errors == [
                "2:17: The type of argument \"@a(x:)\" must be an input type (a scalar, an enum or an input "
                    + "object); \"Query\" is an object type.",
                "3:12: Directive \"@b\" cannot be used within its own definition, on its arguments or through the "
                    + "directives and input types they refer to. Remove that use.",
            ])
    }

    @Test func aDirectiveCannotReferToItselfThroughTheInputTypesOfItsArguments() {
        let errors = SchemaTestSupport.errors(
            SchemaTestSupport.query
                + """
                directive @a(x: Filter) on INPUT_FIELD_DEFINITION
                input Filter { f: Int @a, g: [Level] }
                enum Level { LOW @c }
                directive @c(y: Int @b) on ENUM_VALUE
                directive @b on ARGUMENT_DEFINITION
                """, options: SchemaBuildOptions(isStrict: true))
        let message =
            "cannot be used within its own definition, on its arguments or through the directives and input "
            + "types they refer to. Remove that use."
        #expect(errors == ["2:12: Directive \"@a\" \(message)"])
    }

    @Test func unknownDirectiveLocationsAreRejected() {
        let errors = SchemaTestSupport.errors(SchemaTestSupport.query + "directive @a on FIELD_DEFINITON")
        #expect(errors == ["2:17: Syntax Error: Unexpected Name \"FIELD_DEFINITON\"."])
    }

    @Test func clientDirectivesAreKnownUnlessTurnedOff() throws {
        let sdl = """
            type Query { pet: Pet }
            type Pet @typePolicy(keyFields: "id") @fieldPolicy(forField: "pet", keyArgs: "id") { id: ID }
            """
        let schema = try SchemaTestSupport.build(sdl)
        #expect(schema.directive(named: "typePolicy")?.locations == [.object, .interface])
        #expect(schema.directive(named: "defer")?.argument(named: "if")?.defaultValue == Value(.boolean(true)))
        #expect(schema.directive(named: "apollo_client_ios_localCacheMutation") != nil)

        let errors = SchemaTestSupport.errors(sdl, options: SchemaBuildOptions(knowsClientDirectives: false))
        #expect(
            errors == [
                "2:10: Unknown directive \"@typePolicy\" on type \"Pet\". Declare it with \"directive @typePolicy "
                    + "on OBJECT\", or correct the name.",
                "2:39: Unknown directive \"@fieldPolicy\" on type \"Pet\". Declare it with \"directive @fieldPolicy "
                    + "on OBJECT\", or correct the name.",
            ])
        let strict = try SchemaTestSupport.build(
            "type Query { a: Int }", options: SchemaBuildOptions(knowsClientDirectives: false))
        #expect(strict.directive(named: "defer") == nil)
        #expect(strict.directive(named: "oneOf") != nil)
    }

    @Test func aSchemaKeepsItsOwnDeclarationOfAClientDirective() {
        let errors = SchemaTestSupport.errors(
            """
            directive @typePolicy(keyFields: String!) on OBJECT
            type Query { a: Int }
            interface Node @typePolicy(keyFields: "id") { id: ID }
            """)
        #expect(
            errors == [
                "3:16: Directive \"@typePolicy\" cannot be used on INTERFACE (interface \"Node\"); it is declared on "
                    + "OBJECT."
            ])
    }
}
