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

    @Test("MaxIntrospectionDepth: lists of types nested three deep below __schema, through fragments, are reported")
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

    @Test("maximumErrors stops validation and says so")
    func maximumErrors() throws {
        let text = "{ a b c d e }"
        let diagnostics = try ValidationHarness.diagnostics(text, options: ValidationOptions(maximumErrors: 2))
        #expect(
            diagnostics == [
                #"FieldsOnCorrectType: Cannot query field "a" on type "Query". @ 1:3"#,
                #"FieldsOnCorrectType: Cannot query field "b" on type "Query". @ 1:5"#,
                "MaximumErrors: Too many validation errors, error limit reached. Validation aborted. @ 1:5",
            ])
    }
}
