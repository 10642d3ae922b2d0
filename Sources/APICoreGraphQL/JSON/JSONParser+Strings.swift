extension JSONParser {
    /// Where the decoded bytes of a scanned string are: in the input when it has no escapes, else in `scratch`.
    struct StringSpan {
        var start: Int
        var end: Int
        var isEscaped: Bool
    }

    /// Reads the string whose opening quote is at the cursor.
    mutating func parseString() throws(JSONParseError) -> String {
        let span = try scanString()
        if span.isEscaped {
            return scratch.withElements(from: 0) { makeString($0.baseAddress!, count: $0.count) }
        }
        return makeString(base + span.start, count: span.end - span.start)
    }

    /// Reads the member name whose opening quote is at the cursor onto the key stack.
    mutating func parseKey() throws(JSONParseError) {
        let span = try scanString()
        if span.isEscaped {
            // The scratch storage stays where it is until the scratch stack grows, which pushing a key does not do.
            let (bytes, length) = scratch.withElements(from: 0) { ($0.baseAddress!, $0.count) }
            pushKey(bytes, count: length)
        } else {
            pushKey(base + span.start, count: span.end - span.start)
        }
    }

    @inline(__always)
    private mutating func pushKey(_ bytes: UnsafePointer<UInt8>, count: Int) {
        let words = JSONStringCache.Words(bytes, count: count)
        keyFingerprints.push(words.hash(count: count))
        keys.push(makeString(bytes, count: count, words: words))
    }

    /// The string of `count` bytes of validated UTF-8, from the cache if it is short.
    @inline(__always)
    private func makeString(
        _ bytes: UnsafePointer<UInt8>, count: Int, words: JSONStringCache.Words? = nil
    ) -> String {
        guard count <= JSONStringCache.maximumLength else {
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
        return strings.string(bytes, count: count, words: words ?? JSONStringCache.Words(bytes, count: count))
    }

    /// Scans the string whose opening quote is at the cursor and leaves the cursor after its closing quote.
    ///
    /// Runs of plain bytes are skipped eight at a time; UTF-8 sequences are validated where they start. Only a string
    /// with escapes is copied, into `scratch`, as it is decoded.
    @inline(__always)
    private mutating func scanString() throws(JSONParseError) -> StringSpan {
        let start = position + 1
        var index = start
        var runStart = start
        var isEscaped = false
        while true {
            index = nextSpecialByte(from: index)
            guard index < count else { throw truncated(expecting: .endOfString) }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                guard isEscaped else { return StringSpan(start: start, end: index, isEscaped: false) }
                appendToScratch(from: runStart, to: index)
                return StringSpan(start: 0, end: scratch.count, isEscaped: true)
            }
            if byte >= 0x80 {
                index = try skipUTF8Sequence(at: index)
            } else if byte == UInt8(ascii: "\\") {
                if !isEscaped {
                    scratch.removeAll(from: 0)
                    isEscaped = true
                }
                appendToScratch(from: runStart, to: index)
                index = try decodeEscape(at: index)
                runStart = index
            } else {
                throw JSONParseError(offset: index, reason: .controlCharacterInString, expectation: .nothing)
            }
        }
    }

    /// The index of the first byte from `start` on that is a quote, a backslash, a control character or non-ASCII,
    /// or `count` if there is none.
    @inline(__always)
    private func nextSpecialByte(from start: Int) -> Int {
        var index = start
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let mask = JSONParser.specialByteMask(word)
            if mask != 0 { return index &+ mask.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return index }
            index &+= 1
        }
        return index
    }

    /// Sets the high bit of every byte of `word` that ``nextSpecialByte(from:)`` looks for.
    ///
    /// Borrows can also flag bytes above a special one, so only the lowest flagged byte is certain; that is the only
    /// one the scanner uses.
    @inline(__always)
    private static func specialByteMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let isQuote = (quotes &- ones) & ~quotes
        let isBackslash = (backslashes &- ones) & ~backslashes
        let isControl = (word &- ones &* 0x20) & ~word
        return (isQuote | isBackslash | isControl | word) & (ones &* 0x80)
    }

    private mutating func appendToScratch(from start: Int, to end: Int) {
        guard end > start else { return }
        scratch.push(contentsOf: base + start, count: end - start)
    }

    /// Validates the multi-byte UTF-8 sequence that starts at `index` and returns the index after it.
    ///
    /// Rejects stray continuation bytes, overlong forms, UTF-16 surrogates and scalars above U+10FFFF.
    private func skipUTF8Sequence(at index: Int) throws(JSONParseError) -> Int {
        let lead = base[index]
        let length: Int
        var lowest: UInt8 = 0x80
        var highest: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, lowest) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, highest) = (3, 0x9F)
        case 0xF0: (length, lowest) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, highest) = (4, 0x8F)
        default: throw JSONParseError(offset: index, reason: .invalidUTF8, expectation: .nothing)
        }
        guard index + 1 < count else { throw truncated(expecting: .endOfString) }
        let second = base[index + 1]
        guard second >= lowest && second <= highest else {
            throw JSONParseError(offset: index + 1, reason: .invalidUTF8, expectation: .nothing)
        }
        var next = index + 2
        while next < index + length {
            guard next < count else { throw truncated(expecting: .endOfString) }
            guard base[next] & 0xC0 == 0x80 else {
                throw JSONParseError(offset: next, reason: .invalidUTF8, expectation: .nothing)
            }
            next += 1
        }
        return next
    }

    /// Decodes the escape whose backslash is at `index` into `scratch` and returns the index after it.
    private mutating func decodeEscape(at index: Int) throws(JSONParseError) -> Int {
        guard index + 1 < count else { throw truncated(expecting: .endOfString) }
        let decoded: UInt8
        switch base[index + 1] {
        case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"): return try decodeUnicodeEscape(at: index)
        default: throw JSONParseError(offset: index + 1, reason: .invalidEscape, expectation: .nothing)
        }
        scratch.push(decoded)
        return index + 2
    }

    /// Decodes the `\uXXXX` escape at `index`, and the low surrogate escape after it if it is a high surrogate.
    ///
    /// A surrogate that is not part of a pair is an ``JSONParseError/Reason/unpairedSurrogate`` at the backslash of
    /// its escape.
    private mutating func decodeUnicodeEscape(at index: Int) throws(JSONParseError) -> Int {
        let first = try readHexDigits(at: index + 2)
        var end = index + 6
        var scalar = first
        switch first {
        case 0xD800...0xDBFF:
            guard end < count else { throw truncated(expecting: .endOfString) }
            guard base[end] == UInt8(ascii: "\\") else {
                throw JSONParseError(offset: index, reason: .unpairedSurrogate, expectation: .nothing)
            }
            guard end + 1 < count else { throw truncated(expecting: .endOfString) }
            guard base[end + 1] == UInt8(ascii: "u") else {
                throw JSONParseError(offset: index, reason: .unpairedSurrogate, expectation: .nothing)
            }
            let second = try readHexDigits(at: end + 2)
            guard second >= 0xDC00 && second <= 0xDFFF else {
                throw JSONParseError(offset: index, reason: .unpairedSurrogate, expectation: .nothing)
            }
            scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            end += 6
        case 0xDC00...0xDFFF:
            throw JSONParseError(offset: index, reason: .unpairedSurrogate, expectation: .nothing)
        default:
            break
        }
        appendUTF8(of: scalar)
        return end
    }

    /// The value of the four hexadecimal digits at `index`.
    private func readHexDigits(at index: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for offset in index..<index + 4 {
            guard offset < count else { throw truncated(expecting: .endOfString) }
            let byte = base[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: throw JSONParseError(offset: offset, reason: .invalidUnicodeEscape, expectation: .nothing)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private mutating func appendUTF8(of scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.push(UInt8(scalar))
        case 0x80..<0x800:
            scratch.push(0xC0 | UInt8(scalar >> 6))
            scratch.push(0x80 | UInt8(scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.push(0xE0 | UInt8(scalar >> 12))
            scratch.push(0x80 | UInt8(scalar >> 6 & 0x3F))
            scratch.push(0x80 | UInt8(scalar & 0x3F))
        default:
            scratch.push(0xF0 | UInt8(scalar >> 18))
            scratch.push(0x80 | UInt8(scalar >> 12 & 0x3F))
            scratch.push(0x80 | UInt8(scalar >> 6 & 0x3F))
            scratch.push(0x80 | UInt8(scalar & 0x3F))
        }
    }
}
