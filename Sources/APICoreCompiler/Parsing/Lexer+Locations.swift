extension Lexer {
    /// The location of `offset`, which lies on the line that starts at `lineStart`.
    ///
    /// The column counts Unicode scalars, that is the bytes that do not continue a UTF-8 sequence.
    func location(at offset: Int, line: Int, lineStart: Int) -> SourceLocation {
        var column = 1
        var index = lineStart
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(file: file, line: line, column: column, offset: offset)
    }

    /// The location of `offset`, which lies on the current line.
    func location(at offset: Int) -> SourceLocation {
        location(at: offset, line: line, lineStart: lineStart)
    }

    /// A syntax error at `offset` on the current line.
    @inline(never)
    func error(_ message: String, at offset: Int) -> CompilerError {
        SyntaxError.error(message, at: location(at: offset))
    }

    /// The Unicode scalar that starts at `offset`, or `nil` at the end of the input.
    func codePoint(at offset: Int) -> UInt32? {
        guard offset < count else { return nil }
        let lead = UInt32(bytes[offset])
        switch lead {
        case 0..<0x80:
            return lead
        case 0xC0..<0xE0:
            return (lead & 0x1F) << 6 | continuation(offset + 1)
        case 0xE0..<0xF0:
            return (lead & 0x0F) << 12 | continuation(offset + 1) << 6 | continuation(offset + 2)
        default:
            return (lead & 0x07) << 18 | continuation(offset + 1) << 12 | continuation(offset + 2) << 6
                | continuation(offset + 3)
        }
    }

    /// The length in bytes of the UTF-8 sequence whose first byte is at `offset`.
    func scalarLength(at offset: Int) -> Int {
        switch bytes[offset] {
        case 0..<0xC0: 1
        case 0xC0..<0xE0: 2
        case 0xE0..<0xF0: 3
        default: 4
        }
    }

    private func continuation(_ offset: Int) -> UInt32 {
        UInt32(byte(at: offset) & 0x3F)
    }

    /// The text of the source bytes in `range`, for messages.
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count), as: UTF8.self)
    }

    /// The error for a character no token can start with.
    @inline(never)
    func unexpectedCharacter(at offset: Int) -> CompilerError {
        if bytes[offset] == UInt8(ascii: "'") {
            return error("Unexpected single quote character ('), did you mean to use a double quote (\")?", at: offset)
        }
        return error("Unexpected character: \(SyntaxError.describe(codePoint: codePoint(at: offset))).", at: offset)
    }
}
