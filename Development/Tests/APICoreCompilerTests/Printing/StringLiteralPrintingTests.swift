import APICoreCompiler
import APICoreTestSupport
import Testing

/// Strings print as quoted literals with escapes, or as block strings when they were written so and one reads back.
@Suite("String literal printing", .cpuBound)
struct StringLiteralPrintingTests {
    private func printed(_ string: String, block: Bool) -> String {
        Printer.print(Value(.string(string, isBlock: block)))
    }

    @Test("quoted strings escape quotes, backslashes and control characters, and keep other text")
    func quoted() {
        #expect(printed("plain é 😀", block: false) == "\"plain é 😀\"")
        #expect(printed("a\"b\\c", block: false) == #""a\"b\\c""#)
        #expect(printed("\u{8}\u{C}\n\r\t", block: false) == #""\b\f\n\r\t""#)
        #expect(printed("\u{0}\u{1F}\u{7F}\u{9F}\u{A0}", block: false) == "\"\\u0000\\u001F\\u007F\\u009F\u{A0}\"")
    }

    @Test(
        "block strings as graphql-js lays them out",
        arguments: [
            ("short", "\"\"\"short\"\"\""),
            ("", "\"\"\"\"\"\""),
            ("two\nlines", "\"\"\"\ntwo\nlines\n\"\"\""),
            ("  leading space", "\"\"\"  leading space\"\"\""),
            ("first\n  indented\n  lines", "\"\"\"\nfirst\n  indented\n  lines\n\"\"\""),
            ("ends with quote\"", "\"\"\"\nends with quote\"\n\"\"\""),
            ("ends with backslash\\", "\"\"\"\nends with backslash\\\n\"\"\""),
            ("has \"\"\" inside", "\"\"\"has \\\"\"\" inside\"\"\""),
            ("ends with \"\"\"", "\"\"\"\nends with \\\"\"\"\n\"\"\""),
            (String(repeating: "x", count: 71), "\"\"\"\n" + String(repeating: "x", count: 71) + "\n\"\"\""),
        ])
    func blockLayout(value: String, expected: String) throws {
        #expect(printed(value, block: true) == expected)
        #expect(try Parser.parseValue(expected).kind == .string(value, isBlock: true))
    }

    @Test(
        "values no block string can hold are quoted instead",
        arguments: [
            "\nleading blank line", "trailing blank line\n  ", "carriage\rreturn", "  all\n  indented",
        ])
    func blockFallback(value: String) throws {
        let text = printed(value, block: true)
        #expect(text.hasPrefix("\"") && !text.hasPrefix("\"\"\""))
        #expect(try Parser.parseValue(text).kind == .string(value, isBlock: false))
    }

    @Test("random strings print to literals that read back as the same string")
    func randomStrings() throws {
        var generator = SeededGenerator(seed: 2021)
        let alphabet: [String] = [
            "a", "Z", " ", "\t", "\n", "\r", "\"", "\\", "\"\"\"", "é", "😀", "\u{0}", "\u{7F}", "u",
        ]
        for _ in 0..<1_000 {
            let count = Int.random(in: 0...12, using: &generator)
            let string = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            for block in [false, true] {
                let text = printed(string, block: block)
                guard case .string(let value, let isBlock) = try Parser.parseValue(text).kind else {
                    Issue.record("not a string: \(text)")
                    continue
                }
                #expect(value == string, "\(text)")
                #expect(isBlock == text.hasPrefix("\"\"\"") && (!isBlock || block))
            }
        }
    }
}
