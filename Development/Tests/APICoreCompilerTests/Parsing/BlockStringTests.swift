import APICoreCompiler
import Testing

/// The specification's BlockStringValue: common indentation and blank first and last lines are removed.
@Suite("Block strings")
struct BlockStringTests {
    private func block(_ literal: String) throws -> String? {
        guard case .string(let value, isBlock: true) = try Parser.parseValue(literal).kind else { return nil }
        return value
    }

    @Test("the specification's example: indentation relative to the least indented line survives")
    func specificationExample() throws {
        let literal = """
            \"\"\"
              Hello,
                World!

              Yours,
                GraphQL.
            \"\"\"
            """
        #expect(try block(literal) == "Hello,\n  World!\n\nYours,\n  GraphQL.")
    }

    @Test(
        "leading and trailing blank lines go, blank lines inside stay",
        arguments: [
            ("\"\"\"\n\n  a\n\n  b\n\n\"\"\"", "a\n\nb"),
            ("\"\"\"   \n \t \n  a\n    \n\"\"\"", "a"),
            ("\"\"\"  \n   \"\"\"", ""),
            ("\"\"\"\"\"\"", ""),
            ("\"\"\"a\n      \n  b\"\"\"", "a\n    \nb"),
        ])
    func blankLines(literal: String, expected: String) throws {
        #expect(try block(literal) == expected)
    }

    @Test(
        "the first line keeps its indentation and does not count toward the common one",
        arguments: [
            ("\"\"\"  first\n    second\n  third\"\"\"", "  first\n  second\nthird"),
            ("\"\"\"first\n      second\"\"\"", "first\nsecond"),
            ("\"\"\"   lone\"\"\"", "   lone"),
        ])
    func firstLine(literal: String, expected: String) throws {
        #expect(try block(literal) == expected)
    }

    @Test("tabs count as one character of indentation, like spaces")
    func tabs() throws {
        #expect(try block("\"\"\"\n\t\ta\n\t\t\tb\n\t \tc\n\"\"\"") == "a\n\tb\n\tc")
        #expect(try block("\"\"\"\n\ta\n  b\n\"\"\"") == "a\n b")
    }

    @Test("CRLF and CR line terminators split lines like LF, and become LF")
    func lineTerminators() throws {
        #expect(try block("\"\"\"\r\n  a\r\n    b\r\n\"\"\"") == "a\n  b")
        #expect(try block("\"\"\"\r  a\r    b\r\"\"\"") == "a\n  b")
        #expect(try block("\"\"\"\n  a\r\n  b\r  c\n\"\"\"") == "a\nb\nc")
    }

    @Test("escaped triple quotes are the only escape: other backslashes stay")
    func escapes() throws {
        #expect(try block("\"\"\"a \\\"\"\" b\"\"\"") == "a \"\"\" b")
        #expect(try block("\"\"\"\\\"\"\"\"\"\"") == "\"\"\"")
        #expect(try block("\"\"\"\\n \\t \\u0041 \\\" \\\\ x\"\"\"") == "\\n \\t \\u0041 \\\" \\\\ x")
    }

    @Test("non-ASCII text and indentation before it")
    func unicode() throws {
        #expect(try block("\"\"\"\n    héllo\n      wörld 😀\n\"\"\"") == "héllo\n  wörld 😀")
    }

    @Test("an unterminated block string is an error at the end of the input")
    func unterminated() {
        #expect(ParseErrors.valueError("\"\"\"\nabc\n  def") == "3:6: Unterminated string.")
        #expect(ParseErrors.valueError("\"\"\"abc \\\"\"\"") == "1:12: Unterminated string.")
    }
}
