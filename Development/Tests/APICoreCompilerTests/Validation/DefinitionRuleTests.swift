import APICoreCompiler
import Testing

@Suite("ExecutableDefinitions")
struct ExecutableDefinitionsTests {
    @Test("operations and fragments are executable")
    func executable() throws {
        try expectValid(
            """
            query Q { dog { ...F } }
            fragment F on Dog { name }
            """)
    }

    @Test("type-system definitions and extensions are reported at the definition")
    func typeSystem() throws {
        try expectErrors(
            """
            query Q { dog { name } }
            type Cow { name: String }
            extend type Dog { color: String }
            schema { query: Query }
            directive @moo on FIELD
            """,
            [
                #"ExecutableDefinitions: The "Cow" definition is not executable. @ 2:1"#,
                #"ExecutableDefinitions: The "Dog" definition is not executable. @ 3:1"#,
                "ExecutableDefinitions: The schema definition is not executable. @ 4:1",
                #"ExecutableDefinitions: The "moo" definition is not executable. @ 5:1"#,
            ])
    }
}

@Suite("UniqueOperationNames")
struct UniqueOperationNamesTests {
    @Test("distinct names, and a name shared with a fragment, are valid")
    func distinct() throws {
        try expectValid(
            """
            query Dog { dog { ...Dog } }
            mutation Pet { mutationPet { name } }
            fragment Dog on Dog { name }
            """)
    }

    @Test("a repeated name is reported at both names, whatever the operation kinds")
    func repeated() throws {
        try expectErrors(
            """
            query Same { dog { name } }
            mutation Same { mutationPet { name } }
            """,
            [#"UniqueOperationNames: There can be only one operation named "Same". @ 1:7, 2:10"#])
    }
}

@Suite("LoneAnonymousOperation")
struct LoneAnonymousOperationTests {
    @Test("one anonymous operation alone, with fragments, is valid")
    func alone() throws {
        try expectValid(
            """
            { dog { ...F } }
            fragment F on Dog { name }
            """)
    }

    @Test("an anonymous operation beside others is reported")
    func withOthers() throws {
        try expectErrors(
            """
            { dog { name } }
            query Named { cat { name } }
            { pet { name } }
            """,
            [
                "LoneAnonymousOperation: This anonymous operation must be the only defined operation. @ 1:1",
                "LoneAnonymousOperation: This anonymous operation must be the only defined operation. @ 3:1",
            ])
    }
}

@Suite("KnownOperationTypes")
struct KnownOperationTypesTests {
    @Test("operations of a kind the schema has no root type for are reported")
    func missingRoot() throws {
        let schema = try ValidationHarness.schema("type Query { hello: String }")
        try expectValid("query { hello }", schema: schema)
        try expectErrors(
            """
            mutation M { hello }
            subscription S { hello }
            """,
            [
                "KnownOperationTypes: The mutation operation is not supported by the schema. @ 1:1",
                "KnownOperationTypes: The subscription operation is not supported by the schema. @ 2:1",
            ],
            schema: schema)
    }
}
