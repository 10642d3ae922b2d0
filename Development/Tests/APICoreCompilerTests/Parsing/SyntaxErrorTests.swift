import APICoreCompiler
import Testing

/// Errors of the parser: tokens where the grammar wants others. Each message and position is the one graphql-js gives
/// for the same input.
@Suite("Syntax errors")
struct SyntaxErrorTests {
    @Test(
        "each syntax error has graphql-js's message at its exact line and column",
        arguments: [
            ("{ a(b: 1", "1:9: Expected Name, found <EOF>."),
            ("", "1:1: Unexpected <EOF>."),
            ("   # only a comment", "1:20: Unexpected <EOF>."),
            ("{}", "1:2: Expected Name, found \"}\"."),
            ("{ a", "1:4: Expected Name, found <EOF>."),
            ("{ a(}", "1:5: Expected Name, found \"}\"."),
            ("{ a() }", "1:5: Expected Name, found \")\"."),
            ("{ a(b) }", "1:6: Expected \":\", found \")\"."),
            ("{ a(b:) }", "1:7: Unexpected \")\"."),
            ("query { a: }", "1:12: Expected Name, found \"}\"."),
            ("{ ...on }", "1:9: Expected Name, found \"}\"."),
            ("fragment on on X { a }", "1:10: Unexpected Name \"on\"."),
            ("fragment F X { a }", "1:12: Expected \"on\", found Name \"X\"."),
            ("fragment F on X", "1:16: Expected \"{\", found <EOF>."),
            ("query Q($v) { a }", "1:11: Expected \":\", found \")\"."),
            ("query Q($v: Int = $w) { a }", "1:19: Unexpected variable \"$w\" in constant value."),
            ("query Q($v: [Int) { a }", "1:17: Expected \"]\", found \")\"."),
            ("query Q($v: Int!!) { a }", "1:17: Expected \"$\", found \"!\"."),
            ("mutation", "1:9: Expected \"{\", found <EOF>."),
            ("subscription S @ { a }", "1:18: Expected Name, found \"{\"."),
            ("notakeyword { a }", "1:1: Unexpected Name \"notakeyword\"."),
            ("{ a } }", "1:7: Unexpected \"}\"."),
            (
                "\"desc\" query { a }",
                "1:1: Unexpected description, descriptions are supported only on type definitions."
            ),
            ("\"desc\" { a }", "1:8: Unexpected \"{\"."),
            (
                "\"desc\" extend type A @d",
                "1:1: Unexpected description, descriptions are supported only on type definitions."
            ),
            ("extend", "1:7: Unexpected <EOF>."),
            ("extend type A", "1:14: Unexpected <EOF>."),
            ("extend schema", "1:14: Unexpected <EOF>."),
            ("extend scalar S", "1:16: Unexpected <EOF>."),
            ("extend union U", "1:15: Unexpected <EOF>."),
            ("extend enum E", "1:14: Unexpected <EOF>."),
            ("extend input I", "1:15: Unexpected <EOF>."),
            ("extend interface I", "1:19: Unexpected <EOF>."),
            ("extend foo A", "1:8: Unexpected Name \"foo\"."),
            ("type A {}", "1:9: Expected Name, found \"}\"."),
            ("type A { a }", "1:12: Expected \":\", found \"}\"."),
            ("type A { a: }", "1:13: Expected Name, found \"}\"."),
            ("type A implements { a: B }", "1:19: Expected Name, found \"{\"."),
            ("type A implements B & { a: C }", "1:23: Expected Name, found \"{\"."),
            ("interface I implements & { a: B }", "1:26: Expected Name, found \"{\"."),
            ("union U = ", "1:11: Expected Name, found <EOF>."),
            ("union U = | ", "1:13: Expected Name, found <EOF>."),
            ("enum E { true }", "1:10: Name \"true\" is reserved and cannot be used for an enum value."),
            ("enum E { null }", "1:10: Name \"null\" is reserved and cannot be used for an enum value."),
            ("enum E {}", "1:9: Expected Name, found \"}\"."),
            ("input I { a: B = $c }", "1:18: Unexpected variable \"$c\" in constant value."),
            ("directive @d on FOO", "1:17: Unexpected Name \"FOO\"."),
            ("directive @d on", "1:16: Expected Name, found <EOF>."),
            ("directive d on FIELD", "1:11: Expected \"@\", found Name \"d\"."),
            ("directive @d repeatable", "1:24: Expected \"on\", found <EOF>."),
            ("schema { query }", "1:16: Expected \":\", found \"}\"."),
            ("schema { foo: Q }", "1:10: Unexpected Name \"foo\"."),
            ("schema {}", "1:9: Expected Name, found \"}\"."),
            ("scalar", "1:7: Expected Name, found <EOF>."),
            ("type A { a(b: C = {d: $e}): F }", "1:23: Unexpected variable \"$e\" in constant value."),
            ("type A { a(): B }", "1:12: Expected Name, found \")\"."),
            ("{ a(b: [1, 2 }", "1:14: Unexpected \"}\"."),
            ("{ a(b: {c: 1 }", "1:15: Expected Name, found <EOF>."),
            ("{ a(b: {c 1}) }", "1:11: Expected \":\", found Int \"1\"."),
            ("{ a @skip(if: ) }", "1:15: Unexpected \")\"."),
            ("query Q(\n  $a: Int\n  $b\n) { a }", "4:1: Expected \":\", found \")\"."),
            ("{\n  a\n  b(\n", "4:1: Expected Name, found <EOF>."),
            ("\"\"\"\nabc\n\"\"\"\n\n{ ..a }", "5:1: Unexpected \"{\"."),
            ("query Q @d(a: $) { a }", "1:16: Expected Name, found \")\"."),
            ("{ a(b: $1) }", "1:9: Expected Name, found Int \"1\"."),
            ("query ($a: Int = [$b]) { a }", "1:19: Unexpected variable \"$b\" in constant value."),
        ])
    func syntaxError(source: String, expected: String) {
        #expect(ParseErrors.error(source) == expected)
    }

    @Test("a description on an executable definition is an error (the AST has no place for it)")
    func executableDescription() {
        #expect(
            ParseErrors.error("\"Fetches a user.\"\nquery User { a }")
                == "1:1: Unexpected description, descriptions are supported only on type definitions.")
    }

    @Test("errors carry the source's file name and render as path:line:column")
    func errorRendering() throws {
        let error = #expect(throws: CompilerError.self) {
            try Parser.parse(Source(name: "Operations/User.graphql", text: "query User {\n  name(\n}"))
        }
        #expect(
            error?.description == "Operations/User.graphql:3:1: error: Syntax Error: Expected Name, found \"}\".")
    }

    @Test("values and types parsed alone must end where they end")
    func trailingInput() {
        #expect(ParseErrors.valueError("1 2") == "1:3: Expected <EOF>, found Int \"2\".")
        #expect(ParseErrors.valueError("") == "1:1: Unexpected <EOF>.")
        #expect(ParseErrors.valueError("{a: 1") == "1:6: Expected Name, found <EOF>.")
        #expect(ParseErrors.typeError("[String!]!!") == "1:11: Expected <EOF>, found \"!\".")
        #expect(ParseErrors.typeError("[String") == "1:8: Expected \"]\", found <EOF>.")
        #expect(ParseErrors.typeError("!") == "1:1: Expected Name, found \"!\".")
    }

    @Test("the token limit stops a document with too many tokens at the first token past it")
    func tokenLimit() throws {
        let source = Source(name: "t.graphql", text: "{ a b c }")
        let error = #expect(throws: CompilerError.self) {
            try Parser.parse(source, options: ParseOptions(maximumTokens: 4))
        }
        #expect(
            error?.diagnostics.first?.message == "Syntax Error: Document contains more than 4 tokens. Parsing aborted.")
        #expect(error?.diagnostics.first?.locations.first?.column == 9)
        #expect(throws: Never.self) { try Parser.parse(source, options: ParseOptions(maximumTokens: 5)) }
    }
}
