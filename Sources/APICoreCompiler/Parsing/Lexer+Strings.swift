extension Lexer {
    /// Scans a StringValue at `position` (a `"` not followed by two more), validating its escape sequences.
    mutating func scanString() throws(CompilerError) -> Token {
        let start = position
        var offset = start + 1
        var hasEscapes = false
        while true {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                position = offset + 1
                return Token(
                    kind: .string, start: start, end: position, line: line, lineStart: lineStart,
                    hasEscapes: hasEscapes)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                offset += try escape(at: offset, line: line, lineStart: lineStart).length
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("Unterminated string.", at: offset)
            case 0 where offset == count:
                throw error("Unterminated string.", at: offset)
            default:
                offset += 1
            }
        }
    }

    /// Scans a BlockString at `position` (`"""`), counting the lines it spans.
    mutating func scanBlockString() throws(CompilerError) -> Token {
        let start = position
        let startLine = line
        let startLineStart = lineStart
        var hasEscapes = false
        var offset = start + 3
        while true {
            switch bytes[offset] {
            case quote where bytes[offset + 1] == quote && bytes[offset + 2] == quote:
                position = offset + 3
                return Token(
                    kind: .blockString, start: start, end: position, line: startLine, lineStart: startLineStart,
                    hasEscapes: hasEscapes)
            case backslash where bytes[offset + 1] == quote && bytes[offset + 2] == quote && bytes[offset + 3] == quote:
                hasEscapes = true
                offset += 4
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                offset = passLineTerminator(at: offset)
            case 0 where offset == count:
                throw error("Unterminated string.", at: offset)
            default:
                offset = ByteScanner.skip(
                    bytes, from: offset + 1, before: count, avoiding: quote, backslash, UInt8(ascii: "\n"),
                    UInt8(ascii: "\r"))
            }
        }
    }

    private var quote: UInt8 { UInt8(ascii: "\"") }
    private var backslash: UInt8 { UInt8(ascii: "\\") }

    /// Appends the value of a string token that has escape sequences to `output`, as UTF-8.
    func decodeString(_ token: Token, into output: inout [UInt8]) throws(CompilerError) {
        var offset = token.start + 1
        var runStart = offset
        let end = token.end - 1
        while offset < end {
            guard bytes[offset] == UInt8(ascii: "\\") else {
                offset += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(start: bytes + runStart, count: offset - runStart))
            let (scalar, length) = try escape(at: offset, line: token.line, lineStart: token.lineStart)
            UTF8.encode(scalar) { output.append($0) }
            offset += length
            runStart = offset
        }
        output.append(contentsOf: UnsafeBufferPointer(start: bytes + runStart, count: end - runStart))
    }

    /// Decodes the escape sequence at `offset` (a backslash): the scalar it stands for and its length in bytes.
    ///
    /// `\uXXXX` escapes of a leading and a trailing surrogate combine into one scalar; a lone surrogate is an error.
    func escape(at offset: Int, line: Int, lineStart: Int) throws(CompilerError) -> (Unicode.Scalar, length: Int) {
        let simple: UInt8? =
            switch bytes[offset + 1] {
            case UInt8(ascii: "\""): 0x22
            case UInt8(ascii: "\\"): 0x5C
            case UInt8(ascii: "/"): 0x2F
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple { return (Unicode.Scalar(simple), 2) }
        guard bytes[offset + 1] == UInt8(ascii: "u") else {
            throw invalidEscape("character", from: offset, to: nil, line: line, lineStart: lineStart)
        }
        if bytes[offset + 2] == UInt8(ascii: "{") {
            return try bracedEscape(at: offset, line: line, lineStart: lineStart)
        }
        if let value = hex4(at: offset + 2) {
            if let scalar = Unicode.Scalar(value) { return (scalar, 6) }
            if (0xD800...0xDBFF).contains(value), bytes[offset + 6] == UInt8(ascii: "\\"),
                bytes[offset + 7] == UInt8(ascii: "u"), let trailing = hex4(at: offset + 8),
                (0xDC00...0xDFFF).contains(trailing),
                let scalar = Unicode.Scalar(0x10000 + (value - 0xD800) << 10 + (trailing - 0xDC00))
            {
                return (scalar, 12)
            }
        }
        throw invalidEscape("Unicode", from: offset, to: nil, line: line, lineStart: lineStart)
    }

    /// `\u{X...}`: any number of hex digits whose value is a Unicode scalar.
    private func bracedEscape(
        at offset: Int, line: Int, lineStart: Int
    ) throws(CompilerError) -> (Unicode.Scalar, length: Int) {
        var value: UInt32 = 0
        var digits = 0
        var index = offset + 3
        while let digit = Self.hexValue(bytes[index]) {
            value = min(value << 4 | digit, 0x11_0000)
            digits += 1
            index += 1
        }
        if bytes[index] == UInt8(ascii: "}"), digits > 0, let scalar = Unicode.Scalar(value) {
            return (scalar, index + 1 - offset)
        }
        throw invalidEscape("Unicode", from: offset, to: index, line: line, lineStart: lineStart)
    }

    /// "Invalid kind escape sequence: "text"." at `offset`; the text ends with the character at `end` or, without
    /// one, is the backslash and one character (`\\x`) or six (`\\uXXXX`).
    @inline(never)
    private func invalidEscape(
        _ kind: String, from offset: Int, to end: Int?, line: Int, lineStart: Int
    ) -> CompilerError {
        let text: String
        if let end {
            text = self.text(offset..<(isLineEnd(end) ? end : end + scalarLength(at: end)))
        } else {
            text = escapeText(from: offset, scalars: kind == "Unicode" ? 6 : 2)
        }
        return SyntaxError.error(
            "Invalid \(kind) escape sequence: \"\(text)\".", at: location(at: offset, line: line, lineStart: lineStart))
    }

    /// The value of four hex digits at `offset`, or `nil`.
    private func hex4(at offset: Int) -> UInt32? {
        var value: UInt32 = 0
        for index in offset..<offset + 4 {
            guard let digit = Self.hexValue(bytes[index]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Whether `offset` is at a line terminator or the end of the input.
    private func isLineEnd(_ offset: Int) -> Bool {
        offset >= count || bytes[offset] == UInt8(ascii: "\n") || bytes[offset] == UInt8(ascii: "\r")
    }

    /// Up to `scalars` scalars of source text from `offset`, stopping before a line end, for messages.
    private func escapeText(from offset: Int, scalars: Int) -> String {
        var end = offset
        for _ in 0..<scalars where !isLineEnd(end) {
            end += scalarLength(at: end)
        }
        return text(offset..<end)
    }
}
