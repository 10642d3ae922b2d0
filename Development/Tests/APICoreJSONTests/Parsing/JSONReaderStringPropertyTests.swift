import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Foundation
import Testing

/// Random strings of plain ASCII, multi-byte UTF-8, escapes, control characters and broken UTF-8, read at every
/// alignment to the reader's eight-byte words, as values, as member names and cut short: the reader decodes what
/// a plain byte-at-a-time decoder of the JSON string grammar decodes, agrees with `JSONSerialization` on valid input,
/// and rejects invalid input with the same reason at the same byte.
@Suite(.cpuBound) struct JSONReaderStringPropertyTests {
    /// Where a generated string sits in the document that is read.
    enum Placement: CaseIterable, Sendable {
        /// `[` padding `"string"` `]`
        case value
        /// `{` padding `"string":0}`
        case memberName
        /// padding `"string`, with no closing quote
        case truncated
    }

    @Test(arguments: Placement.allCases)
    func readerMatchesAReferenceDecoder(placement: Placement) throws {
        var random = SeededGenerator(seed: 0x5712_1A65 &+ UInt64(placement.seed))
        var validCount = 0
        var invalidCount = 0
        for trial in 0..<3000 {
            let content = JSONStringSample.random(using: &random)
            // Every offset of the string's first byte modulo the scanner's word size, many times over.
            let padding = trial % 16
            let document = placement.document(padding: padding, content: content)
            let contentStart = placement.contentStart(padding: padding)
            let expected = ReferenceJSONString.decode(document, from: contentStart)
            let ours = Result { () throws(JSONParseError) in try JSONReader().read(document) }
            let label = "trial \(trial), \(placement), padding \(padding): \(content.debugDescription)"
            switch (expected, ours, placement) {
            case (.failure(let error), .failure(let ourError), _):
                #expect(ourError == error, "\(label): reference \(error), reader \(ourError)")
                invalidCount += 1
            case (.success(let bytes), .success(let value), .value):
                try expectString(value.arrayValue?.first?.stringValue, decodes: bytes, document: document, label)
                validCount += 1
            case (.success(let bytes), .success(let value), .memberName):
                try expectString(value.objectValue?.keys.first, decodes: bytes, document: document, label)
                validCount += 1
            default:
                Issue.record("\(label): reference \(expected), reader \(ours)")
            }
        }
        // The generator must exercise both sides.
        if placement != .truncated { #expect(validCount > 1000) }
        #expect(invalidCount > 500)
    }

    /// Checks that the string the reader read is exactly `bytes`, that it behaves as the same string built by the
    /// standard library does, and that `JSONSerialization` reads the same document.
    private func expectString(
        _ string: String?, decodes bytes: [UInt8], document: [UInt8], _ label: String
    ) throws {
        let read = try #require(string, "\(label)")
        let built = String(decoding: bytes, as: UTF8.self)
        #expect(Array(read.utf8) == bytes, "\(label)")
        // Equal strings must agree on everything else too; a string wrongly flagged as ASCII would not.
        #expect(read == built, "\(label)")
        #expect(read.count == built.count, "\(label)")
        #expect(read.hashValue == built.hashValue, "\(label)")
        #expect(Array(read.unicodeScalars) == Array(built.unicodeScalars), "\(label)")
        #expect(FoundationJSON.read(Data(document)) == (try JSONReader().read(document)), "\(label)")
    }
}

extension JSONReaderStringPropertyTests.Placement {
    var seed: Int {
        switch self {
        case .value: 1
        case .memberName: 2
        case .truncated: 3
        }
    }

    func document(padding: Int, content: [UInt8]) -> [UInt8] {
        let spaces = [UInt8](repeating: 0x20, count: padding)
        let quote = UInt8(ascii: "\"")
        switch self {
        case .value: return Array("[".utf8) + spaces + [quote] + content + [quote] + Array("]".utf8)
        case .memberName: return Array("{".utf8) + spaces + [quote] + content + [quote] + Array(":0}".utf8)
        case .truncated: return spaces + [quote] + content
        }
    }

    /// The offset of the string's first byte after its opening quote.
    func contentStart(padding: Int) -> Int {
        switch self {
        case .value, .memberName: padding + 2
        case .truncated: padding + 1
        }
    }
}

/// Random contents of a JSON string, between its quotes.
enum JSONStringSample {
    /// A sequence of up to 6 or up to 40 pieces; about one string in three holds something invalid, and one in
    /// three has only ASCII bytes (though its escapes may stand for any scalar).
    static func random(using random: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        let pieceCount = Int.random(in: 0...(Bool.random(using: &random) ? 6 : 40), using: &random)
        let hasInvalidPiece = Int.random(in: 0..<3, using: &random) == 0
        let isASCII = Int.random(in: 0..<3, using: &random) == 0
        let invalidAt = Int.random(in: 0...pieceCount, using: &random)
        for index in 0...pieceCount {
            if hasInvalidPiece && index == invalidAt {
                bytes += invalidPiece(using: &random)
            } else if index < pieceCount {
                bytes += validPiece(isASCII: isASCII, using: &random)
            }
        }
        return bytes
    }

    private static func validPiece(isASCII: Bool, using random: inout SeededGenerator) -> [UInt8] {
        switch Int.random(in: 0..<10, using: &random) {
        case 5...6 where isASCII:
            return [plainASCII.randomElement(using: &random)!]
        case 0...4:
            // A run of plain ASCII, often long enough to span words.
            let length = Int.random(in: 1...(Bool.random(using: &random) ? 3 : 24), using: &random)
            return (0..<length).map { _ in plainASCII.randomElement(using: &random)! }
        case 5, 6:
            return Array(String(randomScalar(using: &random)).utf8)
        case 7:
            return Array(simpleEscapes.randomElement(using: &random)!.utf8)
        default:
            let scalar = randomScalar(using: &random, allowingASCII: true)
            return unicodeEscape(of: scalar, using: &random)
        }
    }

    private static func invalidPiece(using random: inout SeededGenerator) -> [UInt8] {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return [UInt8.random(in: 0x00..<0x20, using: &random)]
        case 1, 2: return invalidUTF8.randomElement(using: &random)!
        case 3: return Array(invalidEscapes.randomElement(using: &random)!.utf8)
        case 4: return Array(loneSurrogates.randomElement(using: &random)!.utf8)
        default: return Array(badHexEscapes.randomElement(using: &random)!.utf8)
        }
    }

    /// Printable ASCII other than the quote and the backslash.
    private static let plainASCII: [UInt8] = (0x20...0x7E).filter { $0 != 0x22 && $0 != 0x5C }

    private static let simpleEscapes = [#"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#]

    private static let invalidEscapes = [#"\x"#, #"\'"#, #"\U0041"#, #"\ "#, #"\0"#, "\\\u{7F}"]

    private static let loneSurrogates = [
        #"\ud800"#, #"\uDBFF x"#, #"\udc00"#, #"\uDFFF"#, #"\ud800\u0041"#, #"\ud83d\ud83d"#, #"\ud800\n"#,
        #"\ud800u"#, #"\ud800\"#,
    ]

    private static let badHexEscapes = [#"\u12G4"#, #"\u"#, #"\u0"#, #"\u00e"#, #"\uZZZZ"#, #"\ud83d\ude0"#]

    /// Malformed UTF-8: stray continuation bytes, overlong forms, encoded surrogates, scalars above U+10FFFF,
    /// bytes that never occur, and sequences cut short by ASCII.
    private static let invalidUTF8: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF8], [0xFF], [0xC3], [0xC3, 0x41],
        [0xE2, 0x82], [0xE2, 0x82, 0x41], [0xF0, 0x9F, 0x98], [0xF0, 0x9F, 0x41, 0x80], [0xE2, 0x28, 0xA1],
    ]

    /// A scalar of one, two, three or four UTF-8 bytes (not a surrogate), the one-byte ones only if asked.
    private static func randomScalar(
        using random: inout SeededGenerator, allowingASCII: Bool = false
    ) -> Unicode.Scalar {
        while true {
            let value: UInt32
            switch Int.random(in: (allowingASCII ? 0 : 1)..<4, using: &random) {
            case 0: value = UInt32.random(in: 0..<0x80, using: &random)
            case 1: value = UInt32.random(in: 0x80..<0x800, using: &random)
            case 2: value = UInt32.random(in: 0x800..<0x10000, using: &random)
            default: value = UInt32.random(in: 0x10000...0x10FFFF, using: &random)
            }
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }

    /// `\uXXXX`, or a surrogate pair of them, for `scalar`, in random letter case.
    private static func unicodeEscape(of scalar: Unicode.Scalar, using random: inout SeededGenerator) -> [UInt8] {
        let uppercase = Bool.random(using: &random)
        return String(scalar).utf16.flatMap { unit -> [UInt8] in
            var hex = String(unit, radix: 16, uppercase: uppercase)
            hex = String(repeating: "0", count: 4 - hex.count) + hex
            return Array("\\u\(hex)".utf8)
        }
    }
}

/// The JSON string grammar (RFC 8259) decoded one byte at a time, reporting errors as ``JSONReader`` documents them:
/// the first problem from the left, at the offending byte, or at the end of the input when it is cut short.
enum ReferenceJSONString {
    /// The decoded bytes of the string whose contents start at `start`, or the error.
    static func decode(_ input: [UInt8], from start: Int) -> Result<[UInt8], JSONParseError> {
        var decoder = Decoder(input: input, index: start)
        return Result { () throws(JSONParseError) in try decoder.run() }
    }

    private struct Decoder {
        let input: [UInt8]
        var index: Int
        var output: [UInt8] = []

        init(input: [UInt8], index: Int) {
            self.input = input
            self.index = index
        }

        mutating func run() throws(JSONParseError) -> [UInt8] {
            while true {
                let byte = try byte(at: index)
                switch byte {
                case UInt8(ascii: "\""):
                    return output
                case UInt8(ascii: "\\"):
                    try escape()
                case 0x00..<0x20:
                    throw JSONParseError(offset: index, reason: .controlCharacterInString)
                case 0x20..<0x80:
                    output.append(byte)
                    index += 1
                default:
                    try sequence()
                }
            }
        }

        func byte(at offset: Int) throws(JSONParseError) -> UInt8 {
            guard offset < input.count else { throw JSONParseError(offset: input.count, reason: .unexpectedEnd) }
            return input[offset]
        }

        /// A multi-byte UTF-8 sequence, checked against the table of well-formed sequences (Unicode 3.9, D92).
        mutating func sequence() throws(JSONParseError) {
            let lead = input[index]
            let secondRange: ClosedRange<UInt8>
            let length: Int
            switch lead {
            case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
            case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE, 0xEF: (length, secondRange) = (3, 0x80...0xBF)
            case 0xED: (length, secondRange) = (3, 0x80...0x9F)
            case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
            case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
            default: throw JSONParseError(offset: index, reason: .invalidUTF8)
            }
            for offset in 1..<length {
                let byte = try byte(at: index + offset)
                let range = offset == 1 ? secondRange : 0x80...0xBF
                guard range.contains(byte) else { throw JSONParseError(offset: index + offset, reason: .invalidUTF8) }
            }
            output += input[index..<index + length]
            index += length
        }

        mutating func escape() throws(JSONParseError) {
            let backslash = index
            let letter = try byte(at: index + 1)
            let simple: [UInt8: UInt8] = [
                0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09,
            ]
            if let decoded = simple[letter] {
                output.append(decoded)
                index += 2
                return
            }
            guard letter == UInt8(ascii: "u") else { throw JSONParseError(offset: index + 1, reason: .invalidEscape) }
            var unit = try hex(at: index + 2)
            index += 6
            if (0xDC00...0xDFFF).contains(unit) {
                throw JSONParseError(offset: backslash, reason: .unpairedSurrogate)
            }
            if (0xD800...0xDBFF).contains(unit) {
                let unpaired = JSONParseError(offset: backslash, reason: .unpairedSurrogate)
                guard try byte(at: index) == UInt8(ascii: "\\"), try byte(at: index + 1) == UInt8(ascii: "u") else {
                    throw unpaired
                }
                let low = try hex(at: index + 2)
                guard (0xDC00...0xDFFF).contains(low) else { throw unpaired }
                unit = 0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)
                index += 6
            }
            output += Array(String(Unicode.Scalar(unit)!).utf8)
        }

        func hex(at offset: Int) throws(JSONParseError) -> UInt32 {
            var value: UInt32 = 0
            for digitOffset in offset..<offset + 4 {
                let byte = try byte(at: digitOffset)
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue, byte < 0x80 else {
                    throw JSONParseError(offset: digitOffset, reason: .invalidUnicodeEscape)
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
    }
}
