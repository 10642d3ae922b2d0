import APICoreCompiler
import Testing

@Suite("DocumentValidator")
struct DocumentValidatorTests {
    @Test("introspection queries validate against a schema that lists no introspection types")
    func introspectionFallback() throws {
        #expect(ValidationHarness.schema.type(named: "__Schema") == nil)
        try expectValid(
            """
            query IntrospectionQuery {
              __schema {
                queryType { name }
                types { kind name fields(includeDeprecated: true) { name args { name defaultValue } type { ofType { kind } } } }
                directives { name locations isRepeatable }
              }
              __type(name: "Dog") { name kind enumValues(includeDeprecated: false) { name } isOneOf }
            }
            """)
    }

    @Test("a schema assembled from the model alone still knows built-in scalars, @skip and @include")
    func modelSchema() throws {
        let query = ObjectType(
            name: "Query", fields: [SchemaField(name: "hello", type: .named(Name("String")))])
        let schema = GraphQLSchema(types: [.object(query)], directives: [], queryTypeName: "Query")
        try expectValid("query Q($skip: Boolean!) { hello @skip(if: $skip) __typename }", schema: schema)
        try expectErrors(
            "{ hello { x } }",
            [#"ScalarLeafs: Field "hello" must not have a selection since type "String" has no subfields. @ 1:9"#],
            schema: schema)
    }

    @Test("diagnostics come in source order, each with file:line:column")
    func order() throws {
        let document = try Parser.parse(
            Source(name: "Pets.graphql", text: "query Q($unused: Int) { dog { nope } }\nfragment F on Nope { x }"))
        let diagnostics = DocumentValidator.validate([document], against: ValidationHarness.schema)
        #expect(
            diagnostics.map(\.description) == [
                #"Pets.graphql:1:9: error: Variable "$unused" is never used in operation "Q"."#,
                #"Pets.graphql:1:31: error: Cannot query field "nope" on type "Dog". Did you mean "name"?"#,
                #"Pets.graphql:2:15: error: Unknown type "Nope"."#,
            ])
    }

    @Test("maximumErrors stops validation at the first error beyond the limit and says so")
    func maximumErrors() throws {
        let options = ValidationOptions(maximumErrors: 2)
        #expect(
            try ValidationHarness.diagnostics("{ a b c d e }", options: options) == [
                #"FieldsOnCorrectType: Cannot query field "a" on type "Query". @ 1:3"#,
                #"FieldsOnCorrectType: Cannot query field "b" on type "Query". @ 1:5"#,
                "MaximumErrors: Too many validation errors, error limit reached. Validation aborted. @ 1:7",
            ])
        #expect(
            try ValidationHarness.diagnostics("{ a b }", options: options) == [
                #"FieldsOnCorrectType: Cannot query field "a" on type "Query". @ 1:3"#,
                #"FieldsOnCorrectType: Cannot query field "b" on type "Query". @ 1:5"#,
            ])
    }
}

@Suite("MaxIntrospectionDepth")
struct MaxIntrospectionDepthTests {
    @Test("the usual introspection query, two lists deep, is valid")
    func usualDepth() throws {
        try expectValid(
            """
            { __schema { types { fields { type { name } } interfaces { name } possibleTypes { name } } } }
            """)
    }

    @Test("lists of types nested three deep below __schema or __type, through fragments, are reported")
    func introspectionDepth() throws {
        try expectErrors(
            """
            {
              __schema { types { fields { type { fields { type { ...T } } } } } }
              __type(name: "Dog") { fields { type { fields { name } } } }
            }
            fragment T on __Type { fields { name } }
            """,
            ["MaxIntrospectionDepth: Maximum introspection depth exceeded @ 2:3"])
    }
}

@Suite("Suggestions")
struct SuggestionTests {
    static let schema = """
        type Query { pet9: Int pet10: Int pets: Int Pet: Int pe: Int pet2x: Int apet: Int }
        """

    @Test("at most five, nearest first, a change of case counting as one edit, ties in natural order")
    func ranking() throws {
        let schema = try ValidationHarness.schema(Self.schema)
        try expectErrors(
            "{ pet1 }",
            [
                #"FieldsOnCorrectType: Cannot query field "pet1" on type "Query". Did you mean "Pet", "pet9", "pet10", "pets", or "apet"? @ 1:3"#
            ],
            schema: schema)
        try expectErrors(
            "{ pet }",
            [
                #"FieldsOnCorrectType: Cannot query field "pet" on type "Query". Did you mean "Pet", "apet", "pe", "pet9", or "pets"? @ 1:3"#
            ],
            schema: schema)
    }
}
