import APICoreCompiler
import Testing

@Suite("UniqueFragmentNames")
struct UniqueFragmentNamesTests {
    @Test("distinct fragment names are valid")
    func distinct() throws {
        try expectValid(
            """
            { dog { ...A ...B } }
            fragment A on Dog { name }
            fragment B on Dog { barks }
            """)
    }

    @Test("a repeated fragment name is reported at both names")
    func repeated() throws {
        try expectErrors(
            """
            { dog { ...A } }
            fragment A on Dog { name }
            fragment A on Dog { barks }
            """,
            [#"UniqueFragmentNames: There can be only one fragment named "A". @ 2:10, 3:10"#])
    }
}

@Suite("KnownFragmentNames")
struct KnownFragmentNamesTests {
    @Test("spreads of defined fragments, in any order, are valid")
    func known() throws {
        try expectValid(
            """
            fragment Later on Dog { name ...Nested }
            { dog { ...Later } }
            fragment Nested on Dog { barks }
            """)
    }

    @Test("a spread of an undefined fragment is reported at its name")
    func unknown() throws {
        try expectErrors(
            "{ dog { ...Missing name } cat { ... Nothing } }",
            [
                #"KnownFragmentNames: Unknown fragment "Missing". @ 1:12"#,
                #"KnownFragmentNames: Unknown fragment "Nothing". @ 1:37"#,
            ])
    }
}

@Suite("NoUnusedFragments")
struct NoUnusedFragmentsTests {
    static let document = """
        query Q { human { ...HumanFields } }
        fragment HumanFields on Human { pets { ...PetFields } }
        fragment PetFields on Pet { name }
        fragment Unused on Dog { name ...AlsoUnused }
        fragment AlsoUnused on Dog { barks }
        """

    @Test("unused fragments are allowed by default, as Apollo compiles each fragment on its own")
    func allowedByDefault() throws {
        try expectValid(Self.document)
    }

    @Test("with reportsUnusedFragments, fragments no operation reaches are reported at the definition")
    func reported() throws {
        try expectErrors(
            Self.document,
            [
                #"NoUnusedFragments: Fragment "Unused" is never used. @ 4:1"#,
                #"NoUnusedFragments: Fragment "AlsoUnused" is never used. @ 5:1"#,
            ],
            options: ValidationOptions(reportsUnusedFragments: true))
    }
}

@Suite("PossibleFragmentSpreads")
struct PossibleFragmentSpreadsTests {
    @Test("spreads whose type can overlap the parent type are valid")
    func overlapping() throws {
        try expectValid(
            """
            {
              dog { ...OnDog ...OnPet ...OnCatOrDog ... on Being { name } }
              pet { ...OnDog ...OnCatOrDog }
              catOrDog { ...OnDog ...OnPet ... on Cat { meows } }
              being { ... on Canine { name } }
            }
            fragment OnDog on Dog { barks }
            fragment OnPet on Pet { name }
            fragment OnCatOrDog on CatOrDog { __typename }
            """)
    }

    @Test("spreads that can never apply are reported at the spread")
    func disjoint() throws {
        try expectErrors(
            """
            {
              dog { ...OnCat ... on Human { iq } }
              catOrDog { ...OnHuman ... on Canine { name } }
              human { ...OnCatOrDog }
            }
            fragment OnCat on Cat { meows }
            fragment OnHuman on Human { iq }
            fragment OnCatOrDog on CatOrDog { __typename }
            """,
            [
                #"PossibleFragmentSpreads: Fragment "OnCat" cannot be spread here as objects of type "Dog" can never be of type "Cat". @ 2:9"#,
                #"PossibleFragmentSpreads: Fragment cannot be spread here as objects of type "Dog" can never be of type "Human". @ 2:18"#,
                #"PossibleFragmentSpreads: Fragment "OnHuman" cannot be spread here as objects of type "CatOrDog" can never be of type "Human". @ 3:14"#,
                #"PossibleFragmentSpreads: Fragment "OnCatOrDog" cannot be spread here as objects of type "Human" can never be of type "CatOrDog". @ 4:11"#,
            ])
    }
}

@Suite("NoFragmentCycles")
struct NoFragmentCyclesTests {
    @Test("fragments spreading others without coming back are valid")
    func acyclic() throws {
        try expectValid(
            """
            { dog { ...A } }
            fragment A on Dog { ...B ...C }
            fragment B on Dog { ...C }
            fragment C on Dog { name }
            """)
    }

    @Test("a fragment spreading itself, directly or through others, is reported at the spreads of the cycle")
    func cycles() throws {
        try expectErrors(
            """
            { dog { ...Self ...A } }
            fragment Self on Dog { ... on Dog { ...Self } }
            fragment A on Dog { ...B }
            fragment B on Dog { ...C }
            fragment C on Dog { ...A ...B }
            """,
            [
                #"NoFragmentCycles: Cannot spread fragment "Self" within itself. @ 2:37"#,
                #"NoFragmentCycles: Cannot spread fragment "A" within itself via "B", "C". @ 3:21, 4:21, 5:21"#,
                #"NoFragmentCycles: Cannot spread fragment "B" within itself via "C". @ 4:21, 5:26"#,
            ])
    }
}
