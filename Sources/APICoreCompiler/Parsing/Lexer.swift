/// Splits GraphQL source text into tokens, working on its UTF-8 bytes.
///
/// The bytes end with a 0 sentinel at `bytes[count]`, so the scanning loops read one byte past a token without a
/// bounds check; a 0 byte is the end of the input only where its offset is `count` (U+0000 may occur in strings and
/// comments). Ignored tokens (white space, line terminators, commas, comments, byte-order marks) are skipped, and the
/// line count follows every line terminator (`\n`, `\r\n`, `\r`), including those inside block strings.
struct Lexer {
    /// The source bytes, followed by a 0 sentinel.
    let bytes: UnsafePointer<UInt8>
    /// The number of source bytes (the sentinel's offset).
    let count: Int
    /// The file name locations carry.
    let file: String
    /// Where scanning resumes.
    var position = 0
    /// The 1-based line `position` is on.
    var line = 1
    /// The offset where that line starts.
    var lineStart = 0

    init(bytes: UnsafePointer<UInt8>, count: Int, file: String) {
        self.bytes = bytes
        self.count = count
        self.file = file
    }

    /// The byte at `offset`, or 0 past the end: for look-ahead that may run beyond the sentinel.
    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        offset <= count ? bytes[offset] : 0
    }

    /// Scans the next token, skipping ignored tokens before it.
    mutating func next() throws(CompilerError) -> Token {
        skipIgnored()
        let start = position
        let byte = bytes[start]
        switch byte {
        case UInt8(ascii: "!"): return punctuator(.bang, length: 1)
        case UInt8(ascii: "$"): return punctuator(.dollar, length: 1)
        case UInt8(ascii: "&"): return punctuator(.ampersand, length: 1)
        case UInt8(ascii: "("): return punctuator(.parenthesisLeft, length: 1)
        case UInt8(ascii: ")"): return punctuator(.parenthesisRight, length: 1)
        case UInt8(ascii: ":"): return punctuator(.colon, length: 1)
        case UInt8(ascii: "="): return punctuator(.equals, length: 1)
        case UInt8(ascii: "@"): return punctuator(.at, length: 1)
        case UInt8(ascii: "["): return punctuator(.bracketLeft, length: 1)
        case UInt8(ascii: "]"): return punctuator(.bracketRight, length: 1)
        case UInt8(ascii: "{"): return punctuator(.braceLeft, length: 1)
        case UInt8(ascii: "|"): return punctuator(.pipe, length: 1)
        case UInt8(ascii: "}"): return punctuator(.braceRight, length: 1)
        case UInt8(ascii: "."):
            if bytes[start + 1] == UInt8(ascii: "."), bytes[start + 2] == UInt8(ascii: ".") {
                return punctuator(.spread, length: 3)
            }
        case UInt8(ascii: "\""):
            if bytes[start + 1] == UInt8(ascii: "\""), bytes[start + 2] == UInt8(ascii: "\"") {
                return try scanBlockString()
            }
            return try scanString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try scanNumber()
        case 0 where start == count:
            return Token(kind: .endOfFile, start: start, end: start, line: line, lineStart: lineStart)
        default:
            if Self.isNameStart(byte) { return scanName() }
        }
        throw unexpectedCharacter(at: start)
    }

    /// Skips white space, line terminators, commas, comments and byte-order marks.
    @inline(__always)
    private mutating func skipIgnored() {
        var offset = position
        while true {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","):
                offset += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                offset = passLineTerminator(at: offset)
            case UInt8(ascii: "#"):
                offset += 1
                while offset < count, bytes[offset] != UInt8(ascii: "\n"), bytes[offset] != UInt8(ascii: "\r") {
                    offset += 1
                }
            case 0xEF where bytes[offset + 1] == 0xBB && bytes[offset + 2] == 0xBF:
                offset += 3
            default:
                position = offset
                return
            }
        }
    }

    /// Counts the line terminator at `offset` (`\n`, `\r\n` or a lone `\r`) and returns the offset after it.
    @inline(__always)
    mutating func passLineTerminator(at offset: Int) -> Int {
        let next = offset + (bytes[offset] == UInt8(ascii: "\r") && bytes[offset + 1] == UInt8(ascii: "\n") ? 2 : 1)
        line += 1
        lineStart = next
        return next
    }

    @inline(__always)
    private mutating func punctuator(_ kind: TokenKind, length: Int) -> Token {
        let start = position
        position = start + length
        return Token(kind: kind, start: start, end: position, line: line, lineStart: lineStart)
    }

    private mutating func scanName() -> Token {
        let start = position
        var offset = start + 1
        while Self.isNameContinue(bytes[offset]) { offset += 1 }
        position = offset
        return Token(kind: .name, start: start, end: offset, line: line, lineStart: lineStart)
    }

    /// `[_A-Za-z]`
    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_")
    }

    /// `[_0-9A-Za-z]`
    @inline(__always)
    static func isNameContinue(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
    }

    /// `[0-9]`
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
