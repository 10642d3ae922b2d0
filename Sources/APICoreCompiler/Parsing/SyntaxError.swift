/// Builds the `CompilerError`s of the lexer and the parser: one `syntax` diagnostic, messages worded like graphql-js's.
enum SyntaxError {
    /// The rule name syntax diagnostics carry.
    static let rule = "syntax"

    /// A syntax error at `location`; `message` is prefixed with "Syntax Error: ".
    static func error(_ message: String, at location: SourceLocation) -> CompilerError {
        CompilerError(Diagnostic(.error, "Syntax Error: " + message, at: [location], rule: rule))
    }

    /// How a message names a code point: `"a"` for printable ASCII, `U+00E9` otherwise, `<EOF>` for none.
    static func describe(codePoint: UInt32?) -> String {
        guard let codePoint else { return "<EOF>" }
        if codePoint == 0x22 { return "'\"'" }
        if (0x20...0x7E).contains(codePoint), let scalar = Unicode.Scalar(codePoint) {
            return "\"\(Character(scalar))\""
        }
        let hex = String(codePoint, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
