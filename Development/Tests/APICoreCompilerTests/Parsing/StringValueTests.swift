import APICoreCompiler
import Testing

@Suite("String values")
struct StringValueTests {
    private func string(_ literal: String) throws -> String? {
        guard case .string(let value, isBlock: false) = try Parser.parseValue(literal).kind else { return nil }
        return value
    }

    @Test("simple escapes")
    func simpleEscapes() throws {
        #expect(
            try string(#""quote \" backslash \\ slash \/ b\b f\f n\n r\r t\t""#)
                == "quote \" backslash \\ slash / b\u{8} f\u{C} n\n r\r t\t")
    }

    @Test("fixed-width and braced Unicode escapes")
    func unicodeEscapes() throws {
        #expect(try string(#""\u0041\u00e9\u20AC""#) == "Aé€")
        #expect(try string(#""\u{41}\u{1F600}\u{0000000041}""#) == "A😀A")
        #expect(try string(#""\u{10FFFF}""#) == "\u{10FFFF}")
    }

    @Test("a surrogate pair written as two escapes is one scalar, the same as the braced escape")
    func surrogatePairs() throws {
        #expect(try string(#""\uD83D\uDE00""#) == "😀")
        #expect(try string(#""\ud83d\ude00""#) == string(#""\u{1F600}""#))
        #expect(try string(#""a\uD83D\uDE00b\uDBFF\uDFFF""#) == "a😀b\u{10FFFF}")
    }

    @Test(
        "a lone surrogate is an error at its escape",
        arguments: [
            (#""\uD83D""#, #"1:2: Invalid Unicode escape sequence: "\uD83D"."#),
            (#""ab\uDE00""#, #"1:4: Invalid Unicode escape sequence: "\uDE00"."#),
            (#""\uD83Dx""#, #"1:2: Invalid Unicode escape sequence: "\uD83D"."#),
            (#""\uD83D\uD83D""#, #"1:2: Invalid Unicode escape sequence: "\uD83D"."#),
            (#""\uDE00\uD83D""#, #"1:2: Invalid Unicode escape sequence: "\uDE00"."#),
            (#""\u{D83D}\u{DE00}""#, #"1:2: Invalid Unicode escape sequence: "\u{D83D}"."#),
        ])
    func loneSurrogate(literal: String, expected: String) {
        #expect(ParseErrors.valueError(literal) == expected)
    }

    @Test("unescaped Unicode text is kept as is; control characters other than line terminators are allowed")
    func rawCharacters() throws {
        #expect(try string("\"héllo wörld 😀 \u{7}\u{0}\"") == "héllo wörld 😀 \u{7}\u{0}")
    }

    @Test("a string does not span lines")
    func unterminated() {
        #expect(ParseErrors.valueError("\"abc\ndef\"") == "1:5: Unterminated string.")
        #expect(ParseErrors.valueError("\"abc\r\n\"") == "1:5: Unterminated string.")
        #expect(ParseErrors.valueError("\"abc") == "1:5: Unterminated string.")
    }
}
