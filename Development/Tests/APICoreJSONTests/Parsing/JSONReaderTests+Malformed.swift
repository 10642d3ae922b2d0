import APICoreGraphQL
import APICoreJSON
import Testing

/// Each kind of malformed input, with the reason and offset the reader reports for it.
extension JSONReaderTests {
    /// A malformed input, the reason it is rejected and the offset the reader reports.
    struct Malformed: CustomTestStringConvertible, Sendable {
        var bytes: [UInt8]
        var reason: JSONParseError.Reason
        var offset: Int
        var testDescription: String { String(decoding: bytes, as: UTF8.self).debugDescription }

        init(_ text: String, _ reason: JSONParseError.Reason, at offset: Int) {
            self.init(Array(text.utf8), reason, at: offset)
        }

        init(_ bytes: [UInt8], _ reason: JSONParseError.Reason, at offset: Int) {
            self.bytes = bytes
            self.reason = reason
            self.offset = offset
        }
    }

    static let malformedStructure: [Malformed] = [
        Malformed("", .emptyInput, at: 0),
        Malformed(" \n\t", .emptyInput, at: 3),
        Malformed("[", .unexpectedEnd, at: 1),
        Malformed("[1,", .unexpectedEnd, at: 3),
        Malformed("[1", .unexpectedEnd, at: 2),
        Malformed(#"{"a""#, .unexpectedEnd, at: 4),
        Malformed(#"{"a":"#, .unexpectedEnd, at: 5),
        Malformed(#"{"a":1"#, .unexpectedEnd, at: 6),
        Malformed("{", .unexpectedEnd, at: 1),
        Malformed("tru", .unexpectedEnd, at: 3),
        Malformed("trux", .unexpectedByte(UInt8(ascii: "x")), at: 3),
        Malformed("nul", .unexpectedEnd, at: 3),
        Malformed("fals", .unexpectedEnd, at: 4),
        Malformed("[1 2]", .unexpectedByte(UInt8(ascii: "2")), at: 3),
        Malformed("[1,]", .unexpectedByte(UInt8(ascii: "]")), at: 3),
        Malformed("[,1]", .unexpectedByte(UInt8(ascii: ",")), at: 1),
        Malformed(#"{"a":1,}"#, .unexpectedByte(UInt8(ascii: "}")), at: 7),
        Malformed(#"{"a":1]"#, .unexpectedByte(UInt8(ascii: "]")), at: 6),
        Malformed("[1}", .unexpectedByte(UInt8(ascii: "}")), at: 2),
        Malformed("{a:1}", .unexpectedByte(UInt8(ascii: "a")), at: 1),
        Malformed(#"{"a" 1}"#, .unexpectedByte(UInt8(ascii: "1")), at: 5),
        Malformed("]", .unexpectedByte(UInt8(ascii: "]")), at: 0),
        Malformed("'a'", .unexpectedByte(UInt8(ascii: "'")), at: 0),
        Malformed("1 2", .trailingData, at: 2),
        Malformed("{} x", .trailingData, at: 3),
        Malformed("[]]", .trailingData, at: 2),
        Malformed("nullnull", .trailingData, at: 4),
    ]

    static let malformedStrings: [Malformed] = [
        Malformed("\"abc", .unexpectedEnd, at: 4),
        Malformed("\"abcdefghijklmnopqrstuvwxyz", .unexpectedEnd, at: 27),
        Malformed(#""\x""#, .invalidEscape, at: 2),
        Malformed(#""\'""#, .invalidEscape, at: 2),
        Malformed(#""\"#, .unexpectedEnd, at: 2),
        Malformed(#""\u12G4""#, .invalidUnicodeEscape, at: 5),
        Malformed(#""\u12""#, .invalidUnicodeEscape, at: 5),
        Malformed(#""\u12"#, .unexpectedEnd, at: 5),
        Malformed(#""\ud800""#, .unpairedSurrogate, at: 1),
        Malformed(#""ab\udc00""#, .unpairedSurrogate, at: 3),
        Malformed(#""\ud800\u0041""#, .unpairedSurrogate, at: 1),
        Malformed(#""\ud800\ud800""#, .unpairedSurrogate, at: 1),
        Malformed(#""\ud800\n""#, .unpairedSurrogate, at: 1),
        Malformed(#""\ud800\u00""#, .invalidUnicodeEscape, at: 11),
        Malformed(#""\ud800"#, .unexpectedEnd, at: 7),
        Malformed(#""\ud800\"#, .unexpectedEnd, at: 8),
        Malformed([0x22, 0x61, 0x0A, 0x62, 0x22], .controlCharacterInString, at: 2),
        Malformed([0x22, 0x00, 0x22], .controlCharacterInString, at: 1),
        Malformed(Array("\"a string long enough for the eight-byte scan\t\"".utf8), .controlCharacterInString, at: 45),
        Malformed([0x22, 0x1F, 0x22], .controlCharacterInString, at: 1),
    ]

    static let malformedUTF8: [Malformed] = [
        Malformed([0x22, 0x80, 0x22], .invalidUTF8, at: 1),  // stray continuation byte
        Malformed([0x22, 0xC0, 0x80, 0x22], .invalidUTF8, at: 1),  // overlong NUL
        Malformed([0x22, 0xC1, 0xBF, 0x22], .invalidUTF8, at: 1),  // overlong
        Malformed([0x22, 0xE0, 0x80, 0x80, 0x22], .invalidUTF8, at: 2),  // overlong three bytes
        Malformed([0x22, 0xF0, 0x80, 0x80, 0x80, 0x22], .invalidUTF8, at: 2),  // overlong four bytes
        Malformed([0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, at: 2),  // UTF-16 surrogate D800
        Malformed([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, at: 2),  // above U+10FFFF
        Malformed([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),
        Malformed([0x22, 0xFF, 0x22], .invalidUTF8, at: 1),
        Malformed([0x22, 0xC3, 0x22], .invalidUTF8, at: 2),  // sequence cut short by the quote
        Malformed([0x22, 0xE2, 0x82, 0x41, 0x22], .invalidUTF8, at: 3),
        Malformed([0x22, 0xE2, 0x82], .unexpectedEnd, at: 3),
        Malformed([0x22, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0xC3, 0x28, 0x22], .invalidUTF8, at: 10),
        Malformed([0xEF, 0xBB, 0xBF, 0x31], .unexpectedByte(0xEF), at: 0),  // no byte order mark
    ]

    static let malformedNumbers: [Malformed] = [
        Malformed("01", .invalidNumber, at: 1),
        Malformed("-01", .invalidNumber, at: 2),
        Malformed("-", .unexpectedEnd, at: 1),
        Malformed("-a", .invalidNumber, at: 1),
        Malformed("- 1", .invalidNumber, at: 1),
        Malformed("+1", .unexpectedByte(UInt8(ascii: "+")), at: 0),
        Malformed(".5", .unexpectedByte(UInt8(ascii: ".")), at: 0),
        Malformed("1.", .unexpectedEnd, at: 2),
        Malformed("[1.]", .invalidNumber, at: 3),
        Malformed("1.e5", .invalidNumber, at: 2),
        Malformed("1e", .unexpectedEnd, at: 2),
        Malformed("1e+", .unexpectedEnd, at: 3),
        Malformed("1ex", .invalidNumber, at: 2),
        Malformed("1e+-1", .invalidNumber, at: 3),
        Malformed("NaN", .unexpectedByte(UInt8(ascii: "N")), at: 0),
        Malformed("Infinity", .unexpectedByte(UInt8(ascii: "I")), at: 0),
        Malformed("-Infinity", .invalidNumber, at: 1),
        Malformed("0x10", .trailingData, at: 1),
        Malformed("[1x]", .unexpectedByte(UInt8(ascii: "x")), at: 2),
        Malformed("1e400", .numberOutOfRange, at: 0),
        Malformed("[0, -1e99999999999999999999]", .numberOutOfRange, at: 4),
    ]

    @Test(arguments: malformedStructure + malformedStrings + malformedUTF8 + malformedNumbers)
    func rejects(_ malformed: Malformed) throws {
        let failure = try #require(parseError(reading: malformed.bytes))
        #expect(failure.reason == malformed.reason)
        #expect(failure.offset == malformed.offset)
        #expect(failure == JSONParseError(offset: malformed.offset, reason: malformed.reason))
    }
}
