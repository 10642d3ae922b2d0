/// Writes string values as GraphQL string literals: quoted with escapes, or as block strings.
enum StringLiteral {
    /// The literal for `value`: a block string when `preferBlock` and a block string reads back as `value` exactly,
    /// else a quoted string.
    static func printed(_ value: String, preferBlock: Bool) -> String {
        if preferBlock, let block = blockString(value) { return block }
        return quoted(value)
    }

    /// `"value"`, with `"`, `\` and control characters escaped.
    static func quoted(_ value: String) -> String {
        guard value.utf8.contains(where: needsEscape) else { return "\"" + value + "\"" }
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x08: result += "\\b"
            case 0x0C: result += "\\f"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00..<0x20, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Whether a UTF-8 byte may need an escape (0xC2 leads U+0080...U+00BF, which includes U+007F...U+009F).
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2
    }

    /// `"""value"""`, laid out for reading, or `nil` when no block string reads back as `value`.
    ///
    /// A value of several lines, or a long one, gets its own lines between the quotes; a leading line break is added
    /// when the lines after the first are all indented (so their indentation survives), and a trailing one when the
    /// value ends with a quote or a backslash.
    static func blockString(_ value: String) -> String? {
        let escaped = value.replacing("\"\"\"", with: "\\\"\"\"")
        let lines = escaped.split(separator: "\n", omittingEmptySubsequences: false)
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine =
            lines.count > 1 && lines.dropFirst().allSatisfy { $0.isEmpty || $0.first == " " || $0.first == "\t" }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let forceTrailingNewLine = (value.hasSuffix("\"") && !hasTrailingTripleQuotes) || value.hasSuffix("\\")
        let printAsMultipleLines =
            !isSingleLine || value.utf16.count > 70 || forceTrailingNewLine || forceLeadingNewLine
            || hasTrailingTripleQuotes
        let skipLeadingNewLine = isSingleLine && (value.first == " " || value.first == "\t")
        var raw = ""
        if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine { raw += "\n" }
        raw += escaped
        if printAsMultipleLines || forceTrailingNewLine { raw += "\n" }
        let literal = "\"\"\"" + raw + "\"\"\""
        return readsBack(literal, as: value) ? literal : nil
    }

    /// Whether `literal` is one block-string token whose value is `value`.
    private static func readsBack(_ literal: String, as value: String) -> Bool {
        var bytes = Array(literal.utf8)
        let count = bytes.count
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(bytes: buffer.baseAddress!, count: count, file: "")
            guard let token = try? lexer.next(), token.kind == .blockString, token.end == count else { return false }
            let raw = UnsafeBufferPointer(rebasing: buffer[3..<count - 3])
            var output: [UInt8] = []
            BlockString.appendValue(of: raw, to: &output)
            return output.elementsEqual(value.utf8)
        }
    }
}
