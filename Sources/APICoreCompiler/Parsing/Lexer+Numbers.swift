extension Lexer {
    /// Scans an IntValue or a FloatValue at `position` (a digit or `-`).
    ///
    /// A number may not be followed by a digit after a leading zero, by `.`, or by a name start: `00`, `1.`, `1.e1`,
    /// `1e`, `0x1`, `123abc` are errors at the offending character.
    mutating func scanNumber() throws(CompilerError) -> Token {
        let start = position
        var offset = start
        var isFloat = false
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if Self.isDigit(bytes[offset]) {
                throw invalidNumber("unexpected digit after 0", at: offset)
            }
        } else {
            offset = try scanDigits(from: offset)
        }
        if bytes[offset] == UInt8(ascii: ".") {
            isFloat = true
            offset = try scanDigits(from: offset + 1)
        }
        if bytes[offset] | 0x20 == UInt8(ascii: "e") {
            isFloat = true
            offset += 1
            if bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            offset = try scanDigits(from: offset)
        }
        if bytes[offset] == UInt8(ascii: ".") || Self.isNameStart(bytes[offset]) {
            throw invalidNumber("expected digit but got", at: offset)
        }
        position = offset
        return Token(kind: isFloat ? .float : .int, start: start, end: offset, line: line, lineStart: lineStart)
    }

    /// Scans one or more digits from `offset` and returns the offset after them.
    private func scanDigits(from offset: Int) throws(CompilerError) -> Int {
        guard Self.isDigit(bytes[offset]) else {
            throw invalidNumber("expected digit but got", at: offset)
        }
        var end = offset + 1
        while Self.isDigit(bytes[end]) { end += 1 }
        return end
    }

    /// "Invalid number, problem: character." at `offset`.
    @inline(never)
    private func invalidNumber(_ problem: String, at offset: Int) -> CompilerError {
        error("Invalid number, \(problem): \(SyntaxError.describe(codePoint: codePoint(at: offset))).", at: offset)
    }
}
