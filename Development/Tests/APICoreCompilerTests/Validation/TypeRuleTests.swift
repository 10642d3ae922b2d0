import APICoreCompiler
import Testing

@Suite("KnownTypeNames")
struct KnownTypeNamesTests {
    @Test("types named by variables and type conditions exist, built-in scalars included")
    func known() throws {
        try expectValid(
            """
            query Q($id: ID, $flag: Boolean!) { human(id: $id) { ...H ... on Human { iq } } }
            fragment H on Human { pets { name @include(if: $flag) } relatives { iq } }
            """)
    }

    @Test("unknown types are reported at the name, with suggestions")
    func unknown() throws {
        try expectErrors(
            """
            query Q($id: JumbledUpLetters, $flag: [Boolen!]) { dog { ... on Doggo { name } ...F } }
            fragment F on Peat { name }
            """,
            [
                #"NoUnusedVariables: Variable "$id" is never used in operation "Q". @ 1:9"#,
                #"KnownTypeNames: Unknown type "JumbledUpLetters". @ 1:14"#,
                #"NoUnusedVariables: Variable "$flag" is never used in operation "Q". @ 1:32"#,
                #"KnownTypeNames: Unknown type "Boolen". Did you mean "Boolean"? @ 1:40"#,
                #"KnownTypeNames: Unknown type "Doggo". Did you mean "Dog"? @ 1:65"#,
                #"KnownTypeNames: Unknown type "Peat". Did you mean "Pet" or "Cat"? @ 2:15"#,
            ])
    }
}

@Suite("FragmentsOnCompositeTypes")
struct FragmentsOnCompositeTypesTests {
    @Test("fragments on objects, interfaces and unions, and inline fragments without a condition, are valid")
    func composite() throws {
        try expectValid(
            """
            { dog { ...OnDog } pet { ...OnPet } catOrDog { ...OnUnion } }
            fragment OnDog on Dog { ... { name } }
            fragment OnPet on Pet { name }
            fragment OnUnion on CatOrDog { __typename }
            """)
    }

    @Test("fragments on scalars, enums and input objects are reported at the type condition")
    func nonComposite() throws {
        try expectErrors(
            """
            { dog { ... on Boolean { x } } }
            fragment OnEnum on FurColor { x }
            fragment OnInput on ComplexInput { x }
            """,
            [
                #"FragmentsOnCompositeTypes: Fragment cannot condition on non composite type "Boolean". @ 1:16"#,
                #"FragmentsOnCompositeTypes: Fragment "OnEnum" cannot condition on non composite type "FurColor". @ 2:20"#,
                #"FragmentsOnCompositeTypes: Fragment "OnInput" cannot condition on non composite type "ComplexInput". @ 3:21"#,
            ])
    }
}

@Suite("VariablesAreInputTypes")
struct VariablesAreInputTypesTests {
    @Test("scalars, enums and input objects in any wrapping are valid variable types")
    func inputTypes() throws {
        try expectValid(
            """
            query Q($a: String, $b: Boolean!, $c: ComplexInput, $d: FurColor, $e: [String!]!) {
              complicatedArgs {
                stringArgField(stringArg: $a)
                complexArgField(complexArg: $c)
                enumArgField(enumArg: $d)
                stringListArgField(stringListArg: $e)
              }
              dog @include(if: $b) { name }
            }
            """)
    }

    @Test("objects, interfaces and unions are reported at the variable's type")
    func outputTypes() throws {
        try expectErrors(
            "query Q($a: Dog, $b: [[CatOrDog!]]!, $c: Pet) { dog { name } }",
            [
                #"NoUnusedVariables: Variable "$a" is never used in operation "Q". @ 1:9"#,
                #"VariablesAreInputTypes: Variable "$a" cannot be non-input type "Dog". @ 1:13"#,
                #"NoUnusedVariables: Variable "$b" is never used in operation "Q". @ 1:18"#,
                #"VariablesAreInputTypes: Variable "$b" cannot be non-input type "[[CatOrDog!]]!". @ 1:22"#,
                #"NoUnusedVariables: Variable "$c" is never used in operation "Q". @ 1:38"#,
                #"VariablesAreInputTypes: Variable "$c" cannot be non-input type "Pet". @ 1:42"#,
            ])
    }
}
