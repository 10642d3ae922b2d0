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
        let bytes = Array(value.utf8)
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var isSingleLine = true
        var laterLinesIndented = true
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == UInt8(ascii: "\n") {
                isSingleLine = false
                if byte != UInt8(ascii: "\n"), !isBlank(byte) { laterLinesIndented = false }
            }
            previous = byte
        }
        if previous == UInt8(ascii: "\n") { isSingleLine = false }
        let forceLeadingNewLine = !isSingleLine && laterLinesIndented
        let hasTrailingTripleQuotes = bytes.count >= 3 && bytes.suffix(3).allSatisfy { $0 == UInt8(ascii: "\"") }
        let forceTrailingNewLine =
            (bytes.last == UInt8(ascii: "\"") && !hasTrailingTripleQuotes) || bytes.last == UInt8(ascii: "\\")
        let printAsMultipleLines =
            !isSingleLine || value.utf16.count > 70 || forceTrailingNewLine || forceLeadingNewLine
            || hasTrailingTripleQuotes
        let skipLeadingNewLine = isSingleLine && bytes.first.map(isBlank) == true
        var literal: [UInt8] = Array("\"\"\"".utf8)
        literal.reserveCapacity(bytes.count + 8)
        if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine { literal.append(UInt8(ascii: "\n")) }
        var index = 0
        while index < bytes.count {
            if index + 2 < bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 1] == UInt8(ascii: "\""),
                bytes[index + 2] == UInt8(ascii: "\"")
            {
                literal.append(contentsOf: "\\\"\"\"".utf8)
                index += 3
            } else {
                literal.append(bytes[index])
                index += 1
            }
        }
        if printAsMultipleLines || forceTrailingNewLine { literal.append(UInt8(ascii: "\n")) }
        literal.append(contentsOf: "\"\"\"".utf8)
        return readsBack(literal, as: bytes) ? String(decoding: literal, as: UTF8.self) : nil
    }

    /// Whether `literal` is one block-string token whose value is `value`.
    private static func readsBack(_ literal: [UInt8], as value: [UInt8]) -> Bool {
        var bytes = literal
        let count = bytes.count
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(bytes: buffer.baseAddress!, count: count, file: "")
            guard let token = try? lexer.next(), token.kind == .blockString, token.end == count else { return false }
            let raw = UnsafeBufferPointer(rebasing: buffer[3..<count - 3])
            var output: [UInt8] = []
            BlockString.appendValue(of: raw, to: &output)
            return output == value
        }
    }
}
