extension JSONParser {
    /// Where the decoded bytes of a scanned string are: in the input when it has no escapes, else at the start of
    /// `scratch`.
    struct StringSpan {
        var start: Int
        var count: Int
        var isEscaped: Bool
        /// Whether every decoded byte is below 0x80.
        var isASCII: Bool
    }

    /// How many bytes `scratch` must have room for beyond those decoded, before each step of decoding: a whole
    /// word of plain bytes, or the at most four bytes of one escape or UTF-8 sequence.
    private static let scratchSlack = 16

    /// How many bytes ``copyPlainBytes(from:decoded:)`` copies between checks for room in `scratch`.
    private static let plainRunLength = 64

    /// Reads the string whose opening quote is at the cursor.
    mutating func parseString() throws(JSONParseError) -> String {
        let span = try scanString()
        let bytes = span.isEscaped ? UnsafePointer(scratch.start) : base + span.start
        return makeString(bytes, count: span.count, isASCII: span.isASCII)
    }

    /// Reads the member name whose opening quote is at the cursor onto the key stack.
    mutating func parseKey() throws(JSONParseError) {
        let span = try scanString()
        let bytes = span.isEscaped ? UnsafePointer(scratch.start) : base + span.start
        let words = JSONStringCache.Words(bytes, count: span.count)
        keyFingerprints.push(words.hash(count: span.count))
        keys.push(makeString(bytes, count: span.count, isASCII: span.isASCII, words: words))
    }

    /// The string of `count` bytes of validated UTF-8, from the cache if it is short.
    @inline(__always)
    private func makeString(
        _ bytes: UnsafePointer<UInt8>, count: Int, isASCII: Bool, words: JSONStringCache.Words? = nil
    ) -> String {
        guard count <= JSONStringCache.maximumLength else {
            return String(validatedUTF8: bytes, count: count, isASCII: isASCII)
        }
        let words = words ?? JSONStringCache.Words(bytes, count: count)
        return strings.string(bytes, count: count, isASCII: isASCII, words: words)
    }

    /// Scans the string whose opening quote is at the cursor and leaves the cursor after its closing quote.
    ///
    /// Runs of plain bytes are skipped eight at a time; UTF-8 sequences are validated where they start. A string
    /// with escapes is handed to ``decodeEscapedString(from:firstEscape:isASCII:)`` at its first backslash.
    @inline(__always)
    private mutating func scanString() throws(JSONParseError) -> StringSpan {
        let start = position + 1
        var index = start
        var isASCII = true
        while true {
            index = nextSpecialByte(from: index)
            guard index < count else { throw truncated(expecting: .endOfString) }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return StringSpan(start: start, count: index - start, isEscaped: false, isASCII: isASCII)
            }
            if byte == UInt8(ascii: "\\") {
                return try decodeEscapedString(from: start, firstEscape: index, isASCII: isASCII)
            }
            guard byte >= 0x80 else {
                throw JSONParseError(offset: index, reason: .controlCharacterInString, expectation: .nothing)
            }
            index = try JSONParser.skipUTF8Sequence(in: base, count: count, at: index)
            isASCII = false
        }
    }

    /// Decodes the string that starts at `start`, and whose first escape is at `firstEscape`, into `scratch`, and
    /// leaves the cursor after its closing quote.
    ///
    /// Plain bytes are copied as they are scanned, a word at a time: each word is stored whole, and the count of
    /// decoded bytes advances only past its plain bytes, so whatever follows them is overwritten by the next step.
    private mutating func decodeEscapedString(
        from start: Int, firstEscape: Int, isASCII: Bool
    ) throws(JSONParseError) -> StringSpan {
        var isASCII = isASCII
        var index = firstEscape
        var decoded = firstEscape - start
        scratch.reserve(decoded + JSONParser.scratchSlack, keeping: 0)
        scratch.start.update(from: base + start, count: decoded)
        while true {
            // The byte at `index` is a quote, a backslash, a control character or the start of a UTF-8 sequence.
            scratch.reserve(decoded + JSONParser.scratchSlack, keeping: decoded)
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return StringSpan(start: 0, count: decoded, isEscaped: true, isASCII: isASCII)
            }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < count else { throw truncated(expecting: .endOfString) }
                let escaped = base[index + 1]
                if let simple = JSONParser.simpleEscape(escaped) {
                    // Safety: `scratch` has room for `scratchSlack` bytes past `decoded`.
                    scratch.start[decoded] = simple
                    decoded += 1
                    index += 2
                } else if escaped == UInt8(ascii: "u") {
                    let (scalar, end) = try JSONParser.decodeUnicodeEscape(in: base, count: count, at: index)
                    // Safety: as above; a scalar takes at most four bytes.
                    decoded += JSONParser.storeUTF8(of: scalar, at: scratch.start + decoded)
                    if scalar >= 0x80 { isASCII = false }
                    index = end
                } else {
                    throw JSONParseError(offset: index + 1, reason: .invalidEscape, expectation: .nothing)
                }
            } else if byte >= 0x80 {
                let end = try JSONParser.skipUTF8Sequence(in: base, count: count, at: index)
                while index < end {
                    // Safety: as above; a sequence is at most four bytes.
                    scratch.start[decoded] = base[index]
                    decoded += 1
                    index += 1
                }
                isASCII = false
            } else {
                throw JSONParseError(offset: index, reason: .controlCharacterInString, expectation: .nothing)
            }
            // Escapes often come in pairs, as in `\r\n`.
            if index < count && base[index] == UInt8(ascii: "\\") { continue }
            (index, decoded) = copyPlainBytes(from: index, decoded: decoded)
            guard index < count else { throw truncated(expecting: .endOfString) }
        }
    }

    /// Copies the plain bytes from `index` on to `scratch` after its first `decoded` bytes, and returns the index of
    /// the first byte that is not plain (or `count`) and the new number of decoded bytes.
    @inline(__always)
    private mutating func copyPlainBytes(from index: Int, decoded: Int) -> (index: Int, decoded: Int) {
        var index = index
        var decoded = decoded
        while index &+ 8 <= count {
            // Room for a run of words at a time, so that the loop below need not check for each.
            let runLength = min(JSONParser.plainRunLength, count &- index) & ~7
            scratch.reserve(decoded &+ runLength &+ JSONParser.scratchSlack, keeping: decoded)
            let source = base + index
            let target = scratch.start + decoded
            var offset = 0
            repeat {
                let word = UnsafeRawPointer(source + offset).loadUnaligned(as: UInt64.self)
                // Safety: `offset` < `runLength`, and `scratch` has room for `runLength` + `scratchSlack` bytes past
                // `decoded`.
                UnsafeMutableRawPointer(target + offset).storeBytes(of: word, as: UInt64.self)
                let mask = JSONParser.specialByteMask(UInt64(littleEndian: word))
                if mask != 0 {
                    let plain = offset &+ mask.trailingZeroBitCount &>> 3
                    return (index &+ plain, decoded &+ plain)
                }
                offset &+= 8
            } while offset < runLength
            index &+= runLength
            decoded &+= runLength
        }
        while index < count && !JSONParser.isSpecial(base[index]) {
            scratch.reserve(decoded &+ JSONParser.scratchSlack, keeping: decoded)
            scratch.start[decoded] = base[index]
            index &+= 1
            decoded &+= 1
        }
        return (index, decoded)
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
        while index < count && !JSONParser.isSpecial(base[index]) { index &+= 1 }
        return index
    }

    /// Whether `byte` ends a run of plain string bytes: a quote, a backslash, a control character or non-ASCII.
    @inline(__always)
    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80
    }

    /// Sets the high bit of the lowest byte of `word` (in memory order, once `word` is little-endian) that
    /// ``isSpecial(_:)``, and of no byte below it; bytes above it may be flagged too, so the scanner looks only at
    /// the lowest flagged byte.
    ///
    /// A byte `b` sets its high bit in `b ^ 0x22 - 1` when it is a quote, in `b ^ 0x5C - 1` when it is a backslash,
    /// in `b - 0x20` when it is a control character and in `b` when it is not ASCII. Every other way to set the high
    /// bit needs a byte of 0x80 or above, which is special anyway, or a borrow out of a lower byte, which only a
    /// special lower byte causes.
    @inline(__always)
    private static func specialByteMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let isQuote = (word ^ (ones &* 0x22)) &- ones
        let isBackslash = (word ^ (ones &* 0x5C)) &- ones
        let isControl = word &- ones &* 0x20
        return (isQuote | isBackslash | isControl | word) & (ones &* 0x80)
    }

    /// The byte that the two-byte escape `\` `byte` stands for, or `nil` if it is not one (`u` starts a longer one).
    @inline(__always)
    private static func simpleEscape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// Validates the multi-byte UTF-8 sequence that starts at `index` and returns the index after it.
    ///
    /// Rejects stray continuation bytes, overlong forms, UTF-16 surrogates and scalars above U+10FFFF.
    ///
    /// This and the other helpers that only read the input are static, taking the input as arguments: called as
    /// methods, they would be handed a copy of the whole parser.
    private static func skipUTF8Sequence(
        in base: UnsafePointer<UInt8>, count: Int, at index: Int
    ) throws(JSONParseError) -> Int {
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
        guard index + 1 < count else { throw JSONParser.truncatedString(count: count) }
        let second = base[index + 1]
        guard second >= lowest && second <= highest else {
            throw JSONParseError(offset: index + 1, reason: .invalidUTF8, expectation: .nothing)
        }
        var next = index + 2
        while next < index + length {
            guard next < count else { throw JSONParser.truncatedString(count: count) }
            guard base[next] & 0xC0 == 0x80 else {
                throw JSONParseError(offset: next, reason: .invalidUTF8, expectation: .nothing)
            }
            next += 1
        }
        return next
    }

    /// Decodes the `\uXXXX` escape at `index`, and the low surrogate escape after it if it is a high surrogate.
    ///
    /// A surrogate that is not part of a pair is an ``JSONParseError/Reason/unpairedSurrogate`` at the backslash of
    /// its escape. Returns the scalar and the index after the escape or escapes.
    private static func decodeUnicodeEscape(
        in base: UnsafePointer<UInt8>, count: Int, at index: Int
    ) throws(JSONParseError) -> (scalar: UInt32, end: Int) {
        let first = try readHexDigits(in: base, count: count, at: index + 2)
        var end = index + 6
        var scalar = first
        switch first {
        case 0xD800...0xDBFF:
            guard end < count else { throw JSONParser.truncatedString(count: count) }
            guard base[end] == UInt8(ascii: "\\") else {
                throw JSONParseError(offset: index, reason: .unpairedSurrogate, expectation: .nothing)
            }
            guard end + 1 < count else { throw JSONParser.truncatedString(count: count) }
            guard base[end + 1] == UInt8(ascii: "u") else {
                throw JSONParseError(offset: index, reason: .unpairedSurrogate, expectation: .nothing)
            }
            let second = try readHexDigits(in: base, count: count, at: end + 2)
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
        return (scalar, end)
    }

    /// The value of the four hexadecimal digits at `index`.
    private static func readHexDigits(
        in base: UnsafePointer<UInt8>, count: Int, at index: Int
    ) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for offset in index..<index + 4 {
            guard offset < count else { throw JSONParser.truncatedString(count: count) }
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

    /// Stores the UTF-8 form of `scalar`, a Unicode scalar value, at `bytes`, and returns the number of bytes stored.
    @inline(__always)
    private static func storeUTF8(of scalar: UInt32, at bytes: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            bytes[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            bytes[0] = 0xC0 | UInt8(scalar >> 6)
            bytes[1] = 0x80 | UInt8(scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            bytes[0] = 0xE0 | UInt8(scalar >> 12)
            bytes[1] = 0x80 | UInt8(scalar >> 6 & 0x3F)
            bytes[2] = 0x80 | UInt8(scalar & 0x3F)
            return 3
        default:
            bytes[0] = 0xF0 | UInt8(scalar >> 18)
            bytes[1] = 0x80 | UInt8(scalar >> 12 & 0x3F)
            bytes[2] = 0x80 | UInt8(scalar >> 6 & 0x3F)
            bytes[3] = 0x80 | UInt8(scalar & 0x3F)
            return 4
        }
    }

    /// The error for input of `count` bytes that ends inside a string.
    private static func truncatedString(count: Int) -> JSONParseError {
        JSONParseError(offset: count, reason: .unexpectedEnd, expectation: .endOfString)
    }
}
