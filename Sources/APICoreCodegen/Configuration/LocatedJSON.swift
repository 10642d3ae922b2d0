import APICoreCompiler

/// A JSON value with where it was written, so configuration errors point at `file:line:column`.
struct LocatedJSON {
    /// What the value is.
    indirect enum Kind {
        case object([(key: String, keyLocation: SourceLocation, value: LocatedJSON)])
        case array([LocatedJSON])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    var kind: Kind
    var location: SourceLocation

    /// `object`, `array`, `string`...: for messages.
    var kindName: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a Boolean"
        case .null: "null"
        }
    }

    /// Parses JSON text.
    static func parse(_ text: String, file: String) throws(CompilerError) -> LocatedJSON {
        var parser = LocatedJSONParser(bytes: Array(text.utf8), file: file)
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else {
            throw parser.failure("Unexpected text after the JSON value")
        }
        return value
    }
}

/// A small recursive-descent JSON parser that tracks lines and columns. It allows one trailing comma before a closing
/// `}` or `]`, as Apollo's code generator does when it reads its configuration.
struct LocatedJSONParser {
    let bytes: [UInt8]
    let file: String
    var position = 0
    private var line = 1
    private var lineStart = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    var location: SourceLocation {
        SourceLocation(file: file, line: line, column: position - lineStart + 1, offset: position)
    }

    func failure(_ message: String) -> CompilerError {
        CompilerError(Diagnostic(.error, message + ".", at: [location], rule: "Configuration"))
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = position + 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                return
            }
            position += 1
        }
    }

    mutating func parseValue(depth: Int = 0) throws(CompilerError) -> LocatedJSON {
        skipWhitespace()
        guard depth < 64 else { throw failure("The JSON nests too deeply") }
        let start = location
        guard position < bytes.count else { throw failure("Unexpected end of the JSON text") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var members: [(key: String, keyLocation: SourceLocation, value: LocatedJSON)] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return LocatedJSON(kind: .object(members), location: start)
            }
            try parseElements(closedBy: "}") { parser throws(CompilerError) in
                members.append(try parser.parseMember(depth: depth))
            }
            return LocatedJSON(kind: .object(members), location: start)
        case UInt8(ascii: "["):
            position += 1
            var elements: [LocatedJSON] = []
            skipWhitespace()
            if try next(is: "]") { return LocatedJSON(kind: .array(elements), location: start) }
            try parseElements(closedBy: "]") { parser throws(CompilerError) in
                elements.append(try parser.parseValue(depth: depth + 1))
            }
            return LocatedJSON(kind: .array(elements), location: start)
        case UInt8(ascii: "\""):
            return LocatedJSON(kind: .string(try parseString()), location: start)
        default:
            return LocatedJSON(kind: try parseWord(), location: start)
        }
    }

    /// `"key": value` in an object at `depth`, with where the key is.
    private mutating func parseMember(
        depth: Int
    ) throws(CompilerError) -> (key: String, keyLocation: SourceLocation, value: LocatedJSON) {
        skipWhitespace()
        let keyLocation = location
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw failure("Expected a quoted member name")
        }
        let key = try parseString()
        try expect(":")
        return (key, keyLocation, try parseValue(depth: depth + 1))
    }

    /// Parses the elements of an object or array, each with `parseElement`, up to and past `closer`: elements
    /// separated by commas, the last optionally followed by one (as Apollo's tool and most editors' JSON allow).
    private mutating func parseElements(
        closedBy closer: Unicode.Scalar,
        _ parseElement: (inout Self) throws(CompilerError) -> Void
    ) throws(CompilerError) {
        while true {
            try parseElement(&self)
            skipWhitespace()
            if try next(is: closer) { return }
            try expect(",")
            skipWhitespace()
            if try next(is: closer) { return }
        }
    }

    private mutating func next(is character: Unicode.Scalar) throws(CompilerError) -> Bool {
        guard position < bytes.count else { throw failure("Unexpected end of the JSON text") }
        guard bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ character: Unicode.Scalar) throws(CompilerError) {
        skipWhitespace()
        guard try next(is: character) else { throw failure("Expected \"\(character)\"") }
    }

    private mutating func parseWord() throws(CompilerError) -> LocatedJSON.Kind {
        let start = position
        while position < bytes.count, !Set(" \t\r\n,]}:".utf8).contains(bytes[position]) { position += 1 }
        let word = String(decoding: bytes[start..<position], as: UTF8.self)
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            guard !word.isEmpty, Double(word) != nil else {
                position = start
                throw failure("Expected a JSON value")
            }
            return .number(word)
        }
    }

    private mutating func parseString() throws(CompilerError) -> String {
        position += 1
        var raw: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: raw, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\n") { throw failure("Unterminated string") }
            guard byte == UInt8(ascii: "\\") else {
                raw.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < bytes.count else { break }
            let escaped: String
            switch bytes[position] {
            case UInt8(ascii: "n"): escaped = "\n"
            case UInt8(ascii: "t"): escaped = "\t"
            case UInt8(ascii: "r"): escaped = "\r"
            case UInt8(ascii: "b"): escaped = "\u{8}"
            case UInt8(ascii: "f"): escaped = "\u{C}"
            case UInt8(ascii: "u"):
                let digits = bytes.count >= position + 5 ? bytes[position + 1...position + 4] : []
                let hex = String(decoding: digits, as: UTF8.self)
                guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw failure("Invalid \\u escape")
                }
                escaped = String(scalar)
                position += 4
            default: escaped = String(decoding: [bytes[position]], as: UTF8.self)
            }
            raw.append(contentsOf: escaped.utf8)
            position += 1
        }
        throw failure("Unterminated string")
    }
}
