import APICoreCompiler
import Testing

@Suite("DeferStreamDirectiveLabel")
struct DeferStreamDirectiveLabelTests {
    @Test("distinct static labels, and no labels, are valid")
    func valid() throws {
        try expectValid(
            """
            { dogs @stream(label: "dogs") { ... @defer(label: "name") { name } ... @defer { barks } } }
            """)
    }

    @Test("repeated labels across the unit, and labels that are not static strings, are reported")
    func invalid() throws {
        try expectErrors(
            """
            query Q($label: String) {
              dogs @stream(label: "same") { ...F @defer(label: "same") }
              dog { ... @defer(label: $label) { name } }
            }
            fragment F on Dog { name }
            """,
            [
                #"DeferStreamDirectiveLabel: Defer/Stream directive label argument must be unique. @ 2:8, 2:38"#,
                #"DeferStreamDirectiveLabel: Defer directive label argument must be a static string. @ 3:13"#,
            ])
    }
}

@Suite("DeferStreamDirectiveOnRootField")
struct DeferStreamDirectiveOnRootFieldTests {
    @Test("@defer and @stream below the root of a mutation are valid")
    func nested() throws {
        try expectValid("mutation M { mutationPet { ... @defer { name } } }")
    }

    @Test("@defer and @stream directly on the root of a mutation or subscription are reported")
    func root() throws {
        try expectErrors(
            """
            mutation M { ... @defer { mutationPet { name } } }
            subscription S { newDogs @stream { name } }
            """,
            [
                #"DeferStreamDirectiveOnRootField: Defer directive cannot be used on root mutation type "Mutation". @ 1:18"#,
                #"DeferStreamDirectiveOnRootField: Stream directive cannot be used on root subscription type "Subscription". @ 2:26"#,
                #"DeferStreamDirectiveOnValidOperations: Stream directive not supported on subscription operations. Disable `@stream` by setting the `if` argument to `false`. @ 2:26"#,
            ])
    }
}

@Suite("StreamDirectiveOnListField")
struct StreamDirectiveOnListFieldTests {
    @Test("@stream on list fields is valid")
    func list() throws {
        try expectValid(
            "{ dogs @stream(initialCount: 1) { friends @stream { name } } human { relatives @stream { iq } } }")
    }

    @Test("@stream on a field that is not a list is reported at the directive")
    func notList() throws {
        try expectErrors(
            "{ dog @stream { name } }",
            [
                #"StreamDirectiveOnListField: Stream directive cannot be used on non-list field "dog" on type "Query". @ 1:7"#
            ])
    }
}

@Suite("DeferStreamDirectiveOnValidOperations")
struct DeferStreamDirectiveOnValidOperationsTests {
    @Test("in subscriptions, @defer and @stream disabled by a false literal or a variable are valid")
    func disabled() throws {
        try expectValid(
            """
            subscription S($on: Boolean!) { newDog { ... @defer(if: false) { name } friends @stream(if: $on) { name } } }
            """)
    }

    @Test("in subscriptions and the fragments they use, enabled @defer and @stream are reported")
    func enabled() throws {
        try expectErrors(
            """
            subscription S { newDog { ...F friends @stream(if: true) { name } } }
            fragment F on Dog { ... @defer { name } }
            query Q { dog { ...F } }
            """,
            [
                #"DeferStreamDirectiveOnValidOperations: Stream directive not supported on subscription operations. Disable `@stream` by setting the `if` argument to `false`. @ 1:40"#,
                #"DeferStreamDirectiveOnValidOperations: Defer directive not supported on subscription operations. Disable `@defer` by setting the `if` argument to `false`. @ 2:25"#,
            ])
    }
}
