/// Reads the entries of an ``IntrospectionJSONTape``: a recursive-descent JSON reader over UTF-8 bytes that rejects
/// whatever lies outside the tape's subset (see there) rather than describing it.
///
/// The bytes end with a 0 sentinel at `bytes[count]`, which no JSON token contains, so the scanning loops stop there
/// without a bounds check.
struct IntrospectionJSONTapeReader {
    typealias Entry = IntrospectionJSONTape.Entry

    let bytes: UnsafePointer<UInt8>
    let count: Int
    private(set) var entries: [Entry] = []
    private var position = 0
    private var depth = 0

    /// How deep containers may nest; introspection results nest a few levels.
    private static let maximumDepth = 64
    /// The longest number read; longer ones, and exponents, are left to `JSONSerialization`.
    private static let maximumNumberLength = 15

    init(bytes: UnsafePointer<UInt8>, count: Int) {
        self.bytes = bytes
        self.count = count
        entries.reserveCapacity(count / 16)
    }

    /// Reads the whole document: an object, surrounded by white space only.
    mutating func readDocument() -> Bool {
        skipWhitespace()
        guard bytes[position] == UInt8(ascii: "{"), readValue() else { return false }
        skipWhitespace()
        return position == count
    }

    /// Skips white space; the indentation of pretty-printed JSON eight spaces at a time.
    @inline(__always)
    private mutating func skipWhitespace() {
        while true {
            if position + 8 <= count,
                UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020
            {
                position += 8
                continue
            }
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    /// Appends an entry that contains nothing.
    @inline(__always)
    private mutating func appendLeaf(_ kind: IntrospectionJSONTape.Kind, from start: Int, to end: Int) {
        entries.append(Entry(kind: kind, start: UInt32(start), end: UInt32(end), next: UInt32(entries.count + 1)))
    }

    /// Reads the value at `position` (white space already skipped).
    private mutating func readValue() -> Bool {
        let start = position
        switch bytes[start] {
        case UInt8(ascii: "{"): return readContainer(.object, closer: UInt8(ascii: "}"))
        case UInt8(ascii: "["): return readContainer(.array, closer: UInt8(ascii: "]"))
        case UInt8(ascii: "\""): return readString(isKey: false)
        case UInt8(ascii: "t"): return readLiteral("true", .true)
        case UInt8(ascii: "f"): return readLiteral("false", .false)
        case UInt8(ascii: "n"): return readLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return readNumber()
        default: return false
        }
    }

    /// Reads an object or an array, whose opener is at `position`.
    private mutating func readContainer(_ kind: IntrospectionJSONTape.Kind, closer: UInt8) -> Bool {
        depth += 1
        guard depth <= Self.maximumDepth else { return false }
        let index = entries.count
        entries.append(Entry(kind: kind, start: UInt32(position), end: 0, next: 0))
        position += 1
        skipWhitespace()
        if bytes[position] == closer {
            position += 1
        } else {
            while true {
                if kind == .object {
                    guard bytes[position] == UInt8(ascii: "\""), readString(isKey: true) else { return false }
                    skipWhitespace()
                    guard bytes[position] == UInt8(ascii: ":") else { return false }
                    position += 1
                    skipWhitespace()
                }
                guard readValue() else { return false }
                skipWhitespace()
                let byte = bytes[position]
                position += 1
                if byte == closer { break }
                guard byte == UInt8(ascii: ",") else { return false }
                skipWhitespace()
            }
        }
        entries[index].next = UInt32(entries.count)
        depth -= 1
        return true
    }

    /// Reads `true`, `false` or `null`.
    private mutating func readLiteral(_ literal: StaticString, _ kind: IntrospectionJSONTape.Kind) -> Bool {
        let start = position
        let text = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount where bytes[start + offset] != text[offset] {
            return false
        }
        position += literal.utf8CodeUnitCount
        appendLeaf(kind, from: start, to: position)
        return true
    }

    /// Reads a number of the grammar `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, short enough that any reader agrees on it.
    private mutating func readNumber() -> Bool {
        let start = position
        var offset = start
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
        } else {
            guard Self.isDigit(bytes[offset]) else { return false }
            while Self.isDigit(bytes[offset]) { offset += 1 }
        }
        if bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard Self.isDigit(bytes[offset]) else { return false }
            while Self.isDigit(bytes[offset]) { offset += 1 }
        }
        guard offset - start <= Self.maximumNumberLength else { return false }
        switch bytes[offset] {
        case UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return false
        default:
            position = offset
            appendLeaf(.number, from: start, to: offset)
            return true
        }
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Reads a string whose opening quote is at `position`. A key must be plain ASCII without escapes, so that its
    /// bytes are what a lookup compares.
    private mutating func readString(isKey: Bool) -> Bool {
        let start = position + 1
        var offset = start
        var hasEscapes = false
        while true {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                position = offset + 1
                appendLeaf(hasEscapes ? .escapedString : .string, from: start, to: offset)
                return true
            case UInt8(ascii: "\\"):
                guard !isKey, let length = escapeLength(at: offset) else { return false }
                hasEscapes = true
                offset += length
            case 0..<0x20:
                // Control characters, and the sentinel at the end.
                return false
            case 0x80...:
                guard !isKey, let length = Self.scalarLength(bytes + offset) else { return false }
                offset += length
            default:
                offset += 1
            }
        }
    }

    /// The length of the valid escape sequence at `offset` (a backslash); `nil` when it is not one, or is a `\u`
    /// escape of a surrogate that is not paired.
    private func escapeLength(at offset: Int) -> Int? {
        switch bytes[offset + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return 2
        case UInt8(ascii: "u"):
            guard let value = Self.hex4(bytes + offset + 2) else { return nil }
            switch value {
            case 0xD800...0xDBFF:
                guard bytes[offset + 6] == UInt8(ascii: "\\"), bytes[offset + 7] == UInt8(ascii: "u"),
                    let trailing = Self.hex4(bytes + offset + 8), (0xDC00...0xDFFF).contains(trailing)
                else { return nil }
                return 12
            case 0xDC00...0xDFFF:
                return nil
            default:
                return 6
            }
        default:
            return nil
        }
    }

    /// The value of the four hex digits at `pointer`, or `nil`; the sentinel stops it at the end.
    static func hex4(_ pointer: UnsafePointer<UInt8>) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = pointer[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The length of the valid UTF-8 sequence of two to four bytes at `pointer`, or `nil` (overlong forms,
    /// surrogates and values past U+10FFFF are invalid). The sentinel, not a continuation byte, stops it at the end.
    private static func scalarLength(_ pointer: UnsafePointer<UInt8>) -> Int? {
        let lead = pointer[0]
        let (length, secondRange): (Int, ClosedRange<UInt8>)
        switch lead {
        case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        default: return nil
        }
        guard secondRange.contains(pointer[1]) else { return nil }
        for offset in 2..<length where pointer[offset] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }
}
