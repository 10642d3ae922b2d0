import APICoreCompiler
import Testing

/// Errors of the lexer: unexpected characters, malformed numbers and strings. Each message and position is the one
/// graphql-js gives for the same input.
@Suite("Lexical errors")
struct LexicalErrorTests {
    @Test(
        "each lexical error has graphql-js's message at its exact line and column",
        arguments: [
            ("{ a ? }", "1:5: Unexpected character: \"?\"."),
            ("{ a \u{E9} }", "1:5: Unexpected character: U+00E9."),
            ("{ 'a' }", "1:3: Unexpected single quote character ('), did you mean to use a double quote (\")?"),
            ("{ a }\u{7}", "1:6: Unexpected character: U+0007."),
            ("..", "1:1: Unexpected character: \".\"."),
            ("{ a }.", "1:6: Unexpected character: \".\"."),
            ("{ a }\u{0}", "1:6: Unexpected character: U+0000."),
            ("{ a(b: 0x1) }", "1:9: Invalid number, expected digit but got: \"x\"."),
            ("{ a(b: 1.) }", "1:10: Invalid number, expected digit but got: \")\"."),
            ("{ a(b: 1e) }", "1:10: Invalid number, expected digit but got: \")\"."),
            ("{ a(b: 123abc) }", "1:11: Invalid number, expected digit but got: \"a\"."),
            ("{ a(b: .123) }", "1:8: Unexpected character: \".\"."),
            ("{ a(b: 00) }", "1:9: Invalid number, unexpected digit after 0: \"0\"."),
            ("{ a(b: 1.e5) }", "1:10: Invalid number, expected digit but got: \"e\"."),
            ("{ a(b: -) }", "1:9: Invalid number, expected digit but got: \")\"."),
            ("{ a(b: 1e5.0) }", "1:11: Invalid number, expected digit but got: \".\"."),
            ("{ a(b: 1.5E+) }", "1:13: Invalid number, expected digit but got: \")\"."),
            ("{ a(b: 0_1) }", "1:9: Invalid number, expected digit but got: \"_\"."),
            ("{ a(b: -x) }", "1:9: Invalid number, expected digit but got: \"x\"."),
            ("{ a(b: \"abc) }", "1:15: Unterminated string."),
            ("{ a(b: \"abc\n\") }", "1:12: Unterminated string."),
            ("{ a(b: \"\\x\") }", "1:9: Invalid character escape sequence: \"\\x\"."),
            ("{ a(b: \"\\uD83D\") }", "1:9: Invalid Unicode escape sequence: \"\\uD83D\"."),
            ("{ a(b: \"\\uDE00\") }", "1:9: Invalid Unicode escape sequence: \"\\uDE00\"."),
            ("{ a(b: \"\\uD83D\\u0041\") }", "1:9: Invalid Unicode escape sequence: \"\\uD83D\"."),
            ("{ a(b: \"\\u{110000}\") }", "1:9: Invalid Unicode escape sequence: \"\\u{110000}\"."),
            ("{ a(b: \"\\u{}\") }", "1:9: Invalid Unicode escape sequence: \"\\u{}\"."),
            ("{ a(b: \"\\u{D800}\") }", "1:9: Invalid Unicode escape sequence: \"\\u{D800}\"."),
            ("{ a(b: \"\\u12\") }", "1:9: Invalid Unicode escape sequence: \"\\u12\")\"."),
            ("{ a(b: \"\\u{12G}\") }", "1:9: Invalid Unicode escape sequence: \"\\u{12G\"."),
            ("{ a(b: \"\\u{1F600\") }", "1:9: Invalid Unicode escape sequence: \"\\u{1F600\"\"."),
            ("{ a(b: \"ok\\", "1:11: Invalid character escape sequence: \"\\\"."),
            ("{ a(b: \"\"\"abc) }", "1:17: Unterminated string."),
            ("{ a(b: \"\\uZZZZ\") }", "1:9: Invalid Unicode escape sequence: \"\\uZZZZ\"."),
            ("{ a(b: \"\u{E9}\u{E9}\\q\") }", "1:11: Invalid character escape sequence: \"\\q\"."),
            ("\r\n\r\n  { a(b: 0x) }", "3:11: Invalid number, expected digit but got: \"x\"."),
            ("\r\r{ a(b: 1.) }", "3:10: Invalid number, expected digit but got: \")\"."),
            ("{ a(b: \"\"\"\nx\n\"\"\", c: 1.) }", "3:11: Invalid number, expected digit but got: \")\"."),
            ("\u{FEFF}{ a(b: 1.) }", "1:11: Invalid number, expected digit but got: \")\"."),
            ("{ a(b: \"\u{1F600}\") c(d: 0x) }", "1:19: Invalid number, expected digit but got: \"x\"."),
            ("{ a(b: true\u{E9}) }", "1:12: Unexpected character: U+00E9."),
        ])
    func lexicalError(source: String, expected: String) {
        #expect(ParseErrors.error(source) == expected)
    }
}
