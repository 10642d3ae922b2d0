import APICoreCompiler
import Testing

@Suite("ScalarLeafs")
struct ScalarLeafsTests {
    @Test("leaves without selections and composites with them are valid")
    func valid() throws {
        try expectValid("{ dog { name barks doesKnowCommand(dogCommand: SIT) mother { name } } cat { furColor } }")
    }

    @Test("a leaf with a selection is reported at the selection set")
    func leafWithSelection() throws {
        try expectErrors(
            "{ dog { barks { isLoud } } cat { furColor { hex } } }",
            [
                #"ScalarLeafs: Field "barks" must not have a selection since type "Boolean" has no subfields. @ 1:15"#,
                #"ScalarLeafs: Field "furColor" must not have a selection since type "FurColor" has no subfields. @ 1:43"#,
            ])
    }

    @Test("a composite without a selection is reported at the field, with its full type")
    func compositeWithoutSelection() throws {
        try expectErrors(
            "{ dog d: dogs human { relatives } }",
            [
                #"ScalarLeafs: Field "dog" of type "Dog" must have a selection of subfields. Did you mean "dog { ... }"? @ 1:3"#,
                #"ScalarLeafs: Field "dogs" of type "[Dog]" must have a selection of subfields. Did you mean "dogs { ... }"? @ 1:7"#,
                #"ScalarLeafs: Field "relatives" of type "[Human]!" must have a selection of subfields. Did you mean "relatives { ... }"? @ 1:23"#,
            ])
    }
}

@Suite("FieldsOnCorrectType")
struct FieldsOnCorrectTypeTests {
    @Test("fields of the type, aliases and meta fields are valid")
    func valid() throws {
        try expectValid(
            """
            {
              __typename
              __schema { queryType { name } }
              __type(name: "Dog") { name fields { name type { ofType { name } } } }
              dog { __typename name alias: nickname }
              catOrDog { __typename ... on Cat { meows } }
              pet { name ... on Dog { barks } }
            }
            """)
    }

    @Test("an unknown field is reported at the field, with similar field names suggested")
    func unknownField() throws {
        try expectErrors(
            "{ nope dog { nmae barkVolum alias: meows } }",
            [
                #"FieldsOnCorrectType: Cannot query field "nope" on type "Query". @ 1:3"#,
                #"FieldsOnCorrectType: Cannot query field "nmae" on type "Dog". Did you mean "name"? @ 1:14"#,
                #"FieldsOnCorrectType: Cannot query field "barkVolum" on type "Dog". Did you mean "barkVolume"? @ 1:19"#,
                #"FieldsOnCorrectType: Cannot query field "meows" on type "Dog". @ 1:29"#,
            ])
    }

    @Test("on an abstract type, inline fragments on the types that have the field are suggested, most shared first")
    func abstractSuggestions() throws {
        try expectErrors(
            "{ pet { meows barks } being { nickname } catOrDog { name } }",
            [
                #"FieldsOnCorrectType: Cannot query field "meows" on type "Pet". Did you mean to use an inline fragment on "Cat"? @ 1:9"#,
                #"FieldsOnCorrectType: Cannot query field "barks" on type "Pet". Did you mean to use an inline fragment on "Dog"? @ 1:15"#,
                #"FieldsOnCorrectType: Cannot query field "nickname" on type "Being". Did you mean to use an inline fragment on "Cat" or "Dog"? @ 1:31"#,
                #"FieldsOnCorrectType: Cannot query field "name" on type "CatOrDog". Did you mean to use an inline fragment on "Being", "Pet", "Canine", "Cat", or "Dog"? @ 1:53"#,
            ])
    }

    @Test("__schema and __type exist on the query root only; __typename everywhere composite")
    func metaFields() throws {
        try expectErrors(
            "{ dog { __schema { types { name } } __type(name: \"Dog\") { name } __typename } }",
            [
                #"FieldsOnCorrectType: Cannot query field "__schema" on type "Dog". @ 1:9"#,
                #"FieldsOnCorrectType: Cannot query field "__type" on type "Dog". @ 1:37"#,
            ])
    }
}
