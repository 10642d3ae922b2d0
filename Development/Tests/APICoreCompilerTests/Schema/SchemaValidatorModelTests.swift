import Testing

@testable import APICoreCompiler

/// The validator on schemas assembled in code, which the parser's own checks do not protect.
@Suite struct SchemaValidatorModelTests {
    private static let query = SchemaType.object(
        ObjectType(name: "Query", fields: [SchemaField(name: "a", type: .named(Name("Int")))]))

    private static func schema(types: [SchemaType], directives: [SchemaDirective] = []) -> GraphQLSchema {
        GraphQLSchema(
            types: [query] + BuiltInDefinitions.scalars.map { .scalar($0) } + types,
            directives: BuiltInDefinitions.specifiedDirectives + directives,
            queryTypeName: "Query")
    }

    @Test func aValidAssembledSchemaHasNoDiagnostics() {
        #expect(SchemaValidator.validate(Self.schema(types: [])).isEmpty)
    }

    @Test func enumValuesCannotBeNamedLikeLiterals() {
        let answer = EnumType(
            name: "Answer",
            values: [SchemaEnumValue(name: "yes"), SchemaEnumValue(name: "null")],
            location: SourceLocation(file: "answer.graphqls", line: 3, column: 6, offset: 40))
        let diagnostics = SchemaValidator.validate(Self.schema(types: [.enumeration(answer)]))
        #expect(
            diagnostics.map(\.message) == [
                "Enum \"Answer\" cannot have a value named \"null\": true, false and null are literals. Rename the value."
            ])
        #expect(diagnostics.first?.rule == "EnumValues")
    }

    @Test func directivesNeedLocations() {
        let diagnostics = SchemaValidator.validate(
            Self.schema(types: [], directives: [SchemaDirective(name: "nowhere", locations: [])]))
        #expect(
            diagnostics.map(\.message) == [
                "Directive \"@nowhere\" must declare one or more valid locations, as in \"directive @nowhere on "
                    + "FIELD_DEFINITION\"."
            ])
    }

    @Test func aSchemaWithoutTheBuiltInScalarsReportsThemUnknown() {
        let schema = GraphQLSchema(types: [Self.query], directives: [], queryTypeName: "Query")
        #expect(
            SchemaValidator.validate(schema).map(\.message) == [
                "Unknown type \"Int\" in field \"Query.a\". Define it, or correct the name."
            ])
    }
}
