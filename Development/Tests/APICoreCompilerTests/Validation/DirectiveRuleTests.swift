import APICoreCompiler
import Testing

@Suite("KnownDirectives")
struct KnownDirectivesTests {
    @Test("known directives at their locations are valid, built-in @skip and @include included")
    func known() throws {
        try expectValid(
            """
            query Q($flag: Boolean! @onVariableDefinition) @onQuery {
              dog @include(if: $flag) @onField { name @skip(if: $flag) ...F @include(if: true) }
            }
            fragment F on Dog @onFragmentDefinition { ... @skip(if: false) { barks } }
            mutation M @onMutation { mutationPet { name } }
            """)
    }

    @Test("unknown directives and directives at wrong locations are reported at the directive")
    func unknownOrMisplaced() throws {
        try expectErrors(
            """
            query Q @onMutation { dog @unknown { name @onQuery } }
            fragment F on Dog @onField { name }
            """,
            [
                #"KnownDirectives: Directive "@onMutation" may not be used on QUERY. @ 1:9"#,
                #"KnownDirectives: Unknown directive "@unknown". @ 1:27"#,
                #"KnownDirectives: Directive "@onQuery" may not be used on FIELD. @ 1:43"#,
                #"KnownDirectives: Directive "@onField" may not be used on FRAGMENT_DEFINITION. @ 2:19"#,
            ])
    }
}

@Suite("UniqueDirectivesPerLocation")
struct UniqueDirectivesPerLocationTests {
    @Test("distinct directives, repeatable ones repeated, and the same directive at different places are valid")
    func valid() throws {
        try expectValid(
            "{ dog @onField @skip(if: false) { name @onField @repeatable @repeatable } }")
    }

    @Test("a repeated non-repeatable directive is reported at the first and the repeat")
    func repeated() throws {
        try expectErrors(
            "{ dog @onField @skip(if: false) @onField @onField { name } }",
            [
                #"UniqueDirectivesPerLocation: The directive "@onField" can only be used once at this location. @ 1:7, 1:33"#,
                #"UniqueDirectivesPerLocation: The directive "@onField" can only be used once at this location. @ 1:7, 1:42"#,
            ])
    }
}
