import APICoreCompiler
import Testing

/// Fragment arguments (RFC 1224): `fragment F($size: Int = 64) on T` and `...F(size: 128)`, parsed, printed and
/// validated. A spread's arguments are checked as a field's are, against the fragment's variables; the fragment's
/// variables are its own, never the operation's.
@Suite("Fragment arguments")
struct FragmentArgumentRuleTests {
    @Test("a fragment's variables and a spread's arguments parse and print back as written")
    func parseAndPrint() throws {
        let text = """
            query Q($loud: Boolean) {
              dog {
                ...Bark(volume: 3, loud: $loud) @include(if: true)
              }
            }

            fragment Bark($volume: Int = 1, $loud: Boolean) on Dog {
              isAtLocation(x: $volume, y: 2)
              name(surname: $loud)
            }
            """
        let document = try Parser.parse(Source(name: "test.graphql", text: text))
        let fragment = try #require(document.fragments.first)
        #expect(fragment.variableDefinitions.map(\.name.value) == ["volume", "loud"])
        #expect(fragment.variableDefinitions.first?.defaultValue?.kind == .int("1"))
        #expect(Printer.print(document) == text)
    }

    @Test("a fragment without parentheses and a spread without arguments are what they always were")
    func withoutParentheses() throws {
        let document = try Parser.parse(
            Source(name: "test.graphql", text: "{ dog { ...F } } fragment F on Dog { name }"))
        #expect(document.fragments.first?.variableDefinitions == [])
        #expect(FragmentArguments.spreads(in: document.operations[0].selectionSet).map(\.arguments) == [[]])
    }

    @Test("empty parentheses, a constant-only position given a variable, and a missing name are syntax errors")
    func syntaxErrors() {
        for text in [
            "{ dog { ...F() } } fragment F on Dog { name }",
            "{ dog { ...F } } fragment F() on Dog { name }",
            "{ dog { ...F } } fragment F($a: Int = $b) on Dog { name }",
            "{ dog { ...F(: 1) } } fragment F($a: Int) on Dog { isAtLocation(x: $a) }",
        ] {
            #expect(throws: CompilerError.self, "\(text)") {
                try Parser.parse(Source(name: "test.graphql", text: text))
            }
        }
    }

    @Test("values, defaults and the operation's variables passed on reach the fragment's fields, and nothing else")
    func valid() throws {
        try expectValid(
            """
            query Q($x: Int, $loud: Boolean!) {
              dog { ...Located(x: $x) ...Named(loud: $loud) }
              cat { ...CatNamed }
            }
            fragment Located($x: Int = 0, $y: Int) on Dog { isAtLocation(x: $x, y: $y) }
            fragment Named($loud: Boolean = false) on Dog { name(surname: $loud) nickname @include(if: $loud) }
            fragment CatNamed on Cat { name }
            """)
        // A fragment variable with the operation's name hides it: the operation's is then unused.
        try expectErrors(
            """
            query Q($x: Int) { dog { ...Located(x: 1) } }
            fragment Located($x: Int) on Dog { isAtLocation(x: $x) }
            """,
            [#"NoUnusedVariables: Variable "$x" is never used in operation "Q". @ 1:9"#])
    }

    @Test("unknown, repeated and missing arguments of a spread are located at the spread")
    func spreadArguments() throws {
        try expectErrors(
            """
            { a: dog { ...Located(z: 1) } b: dog { ...Located(x: 1, x: 2) } c: dog { ...Required } }
            fragment Located($x: Int) on Dog { isAtLocation(x: $x) }
            fragment Required($id: Int!, $y: Int! = 1) on Dog { isAtLocation(x: $id, y: $y) }
            """,
            [
                #"KnownArgumentNames: Unknown argument "z" on fragment "Located". Did you mean "x"? @ 1:23"#,
                #"UniqueArgumentNames: There can be only one argument named "x". @ 1:51, 1:57"#,
                #"ProvidedRequiredArguments: Fragment "Required" argument "id" of type "Int!" is required, but it was "#
                    + #"not provided. @ 1:74"#,
            ])
    }

    @Test("a spread's value of the wrong type, and an operation variable of the wrong type, are errors")
    func valueTypes() throws {
        try expectErrors(
            """
            query Q($s: String) { a: dog { ...Located(x: "far") } b: dog { ...Located(x: $s) } }
            fragment Located($x: Int) on Dog { isAtLocation(x: $x) }
            """,
            [
                #"VariablesInAllowedPosition: Variable "$s" of type "String" used in position expecting type "Int". "#
                    + "@ 1:9, 1:78",
                #"ValuesOfCorrectType: Int cannot represent non-integer value: "far" @ 1:46"#,
            ])
    }

    @Test("a fragment's own variables: each used, each where its type fits, each named once, each an input type")
    func fragmentVariables() throws {
        try expectErrors(
            """
            { dog { ...F(a: 1, c: true, d: 1) } }
            fragment F($a: Int, $b: Int, $c: Boolean, $d: Dog, $a: Int) on Dog { isAtLocation(x: $a) name(surname: $c) ...G(s: $c) }
            fragment G($s: String) on Dog { name(surname: $s) }
            """,
            [
                #"ValuesOfCorrectType: Expected value of type "Dog", found 1. @ 1:32"#,
                #"UniqueVariableNames: There can be only one variable named "$a". @ 2:13, 2:53"#,
                #"NoUnusedVariables: Variable "$b" is never used in fragment "F". @ 2:21"#,
                #"VariablesInAllowedPosition: Variable "$c" of type "Boolean" used in position expecting type "#
                    + #""String". @ 2:30, 2:116"#,
                #"NoUnusedVariables: Variable "$d" is never used in fragment "F". @ 2:43"#,
                #"VariablesAreInputTypes: Variable "$d" cannot be non-input type "Dog". @ 2:47"#,
                #"VariablesInAllowedPosition: Variable "$s" of type "String" used in position expecting type "#
                    + #""Boolean". @ 3:12, 3:47"#,
            ])
    }

    @Test("a variable neither the fragment nor the operation defines is undefined in the operation")
    func undefined() throws {
        try expectErrors(
            """
            query Q { dog { ...F(a: 1) } }
            fragment F($a: Int) on Dog { isAtLocation(x: $a, y: $b) }
            """,
            [#"NoUndefinedVariables: Variable "$b" is not defined by operation "Q". @ 2:53, 1:1"#])
    }

    @Test("two spreads of one fragment with different values conflict; the same values, or a default given, do not")
    func conflictingSpreads() throws {
        try expectErrors(
            """
            { dog { ...Located(x: 1) ... on Dog { ...Located(x: 2) } } }
            fragment Located($x: Int = 1) on Dog { isAtLocation(x: $x) }
            """,
            [
                #"OverlappingFieldsCanBeMerged: Spreads "Located" conflict because Located(x: 1) and Located(x: 2) "#
                    + "have different fragment arguments. @ 1:9, 1:39",
                #"OverlappingFieldsCanBeMerged: Fields "isAtLocation" conflict because they have differing arguments. "#
                    + "Use different aliases on the fields to fetch both if this was intentional. @ 2:40, 2:40",
            ])
        try expectValid(
            """
            { dog { ...Located(x: 1) ...Located ... on Dog { ...Located(x: 1) } } }
            fragment Located($x: Int = 1) on Dog { isAtLocation(x: $x) }
            """)
    }

    @Test("spreads with different values conflict through other fragments too; input objects compare by value")
    func conflictsThroughFragments() throws {
        try expectErrors(
            """
            { dog { ...Located(x: 1) ...Far } }
            fragment Far on Dog { ...Located(x: 2) }
            fragment Located($x: Int) on Dog { isAtLocation(x: $x) }
            """,
            [
                #"OverlappingFieldsCanBeMerged: Fields "isAtLocation" conflict because they have differing arguments. "#
                    + "Use different aliases on the fields to fetch both if this was intentional. @ 3:36, 3:36"
            ])
        try expectValid(
            """
            { complicatedArgs { ...C(c: {requiredField: true, intField: 1}) ...C(c: {intField: 1, requiredField: true}) } }
            fragment C($c: ComplexInput) on ComplicatedArgs { complexArgField(complexArg: $c) }
            """)
    }

    @Test("a fragment's fields with its values in place are compared apart from the same fields as written")
    func specializedFieldsCachedApart() throws {
        // F is walked first, its `$s` as written; the spread's `2` must not be compared as `$s`, nor the reverse.
        try expectValid(
            """
            fragment F($s: Int) on Dog { mother { isAtLocation(x: $s) } }
            { dog { mother { isAtLocation(x: 2) } ...F(s: 2) } }
            """)
        try expectErrors(
            """
            { a: dog { ...F(s: 2) } b: dog { mother { isAtLocation(x: 2) } ...F(s: 3) } }
            fragment F($s: Int) on Dog { mother { isAtLocation(x: $s) } }
            """,
            [
                #"OverlappingFieldsCanBeMerged: Fields "mother" conflict because subfields "isAtLocation" conflict "#
                    + "because they have differing arguments. Use different aliases on the fields to fetch both if this "
                    + "was intentional. @ 1:34, 1:43, 2:30, 2:39"
            ])
    }

    @Test("a fragment that spreads itself with values that grow is reported as a cycle, and validation ends")
    func growingCycle() throws {
        let diagnostics = try ValidationHarness.diagnostics(
            """
            { complicatedArgs { ...F(n: {requiredField: true}) } }
            fragment F($n: ComplexInput) on ComplicatedArgs {
              complexArgField(complexArg: $n)
              ...F(n: {requiredField: true, nested: $n})
              ...F(n: {requiredField: false, nested: $n})
            }
            """)
        #expect(diagnostics.contains { $0.hasPrefix(#"NoFragmentCycles: Cannot spread fragment "F" within itself."#) })
    }
}
