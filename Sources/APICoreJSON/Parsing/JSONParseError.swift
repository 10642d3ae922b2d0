/// Why and where ``JSONReader`` rejected its input.
///
/// The ``offset`` is the byte offset of the offending byte. When the input ends too early it is the input's length.
/// The ``description`` names the problem and the offset but never quotes the input, which may hold tokens or
/// personal data.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the input.
    public enum Reason: Sendable, Hashable {
        /// The input is empty or holds only whitespace.
        case emptyInput
        /// The input ends in the middle of a value: it was truncated.
        case unexpectedEnd
        /// A byte that cannot appear here, such as a `}` where a value must start.
        case unexpectedByte(UInt8)
        /// A backslash in a string is followed by a byte that does not start an escape.
        case invalidEscape
        /// A `\u` escape is not followed by four hexadecimal digits.
        case invalidUnicodeEscape
        /// A `\u` escape names a UTF-16 surrogate that is not part of a high-low pair.
        case unpairedSurrogate
        /// A string holds bytes that are not well-formed UTF-8.
        case invalidUTF8
        /// A string holds an unescaped byte below 0x20.
        case controlCharacterInString
        /// A number does not follow the JSON grammar, such as `01`, `1.`, `-` or `1e`.
        case invalidNumber
        /// A number is too large in magnitude for `Double`, such as `1e400`.
        case numberOutOfRange
        /// Arrays and objects are nested deeper than the reader's limit.
        case tooDeep(limit: Int)
        /// Something other than whitespace follows the top-level value.
        case trailingData
    }

    /// What the reader was looking for when it failed; it only sharpens the description.
    enum Expectation: Sendable, Hashable {
        case nothing
        case value
        case memberName
        case colon
        case commaOrBracket
        case commaOrBrace
        case endOfString
        case digit
        case literal
    }

    /// The byte offset into the input where the problem is; the input's length when the input is truncated.
    public let offset: Int

    /// What is wrong.
    public let reason: Reason

    let expectation: Expectation

    /// An error at `offset` for `reason`, for instance to compare with a thrown one.
    public init(offset: Int, reason: Reason) {
        self.init(offset: offset, reason: reason, expectation: .nothing)
    }

    init(offset: Int, reason: Reason, expectation: Expectation) {
        self.offset = offset
        self.reason = reason
        self.expectation = expectation
    }

    /// A one-line explanation such as `invalid JSON at byte 1234: truncated input (expected a value)`.
    public var description: String {
        var text = "invalid JSON at byte \(offset): \(reason.summary)"
        if let expected = expectation.summary { text += " (expected \(expected))" }
        return text
    }

    /// Errors are equal when they have the same offset and reason.
    public static func == (lhs: JSONParseError, rhs: JSONParseError) -> Bool {
        lhs.offset == rhs.offset && lhs.reason == rhs.reason
    }

    /// Hashes the offset and reason, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(offset)
        hasher.combine(reason)
    }
}

extension JSONParseError.Reason {
    /// The reason in words, without quoting the input beyond naming the kind of an unexpected byte.
    var summary: String {
        switch self {
        case .emptyInput: "empty input"
        case .unexpectedEnd: "truncated input"
        case .unexpectedByte(let byte): "unexpected \(Self.describe(byte))"
        case .invalidEscape: "invalid escape sequence in a string"
        case .invalidUnicodeEscape: "invalid \\u escape (it needs four hexadecimal digits)"
        case .unpairedSurrogate: "unpaired UTF-16 surrogate in a \\u escape"
        case .invalidUTF8: "invalid UTF-8 in a string"
        case .controlCharacterInString: "unescaped control character in a string"
        case .invalidNumber: "invalid number"
        case .numberOutOfRange: "number too large for a 64-bit floating-point value"
        case .tooDeep(let limit): "arrays and objects nested deeper than \(limit) levels"
        case .trailingData: "more data after the top-level value"
        }
    }

    /// Names the kind of a byte; only JSON punctuation, which cannot carry a secret, is shown itself.
    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): "digit"
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): "letter"
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20, 0x09, 0x0A, 0x0D: "whitespace"
        case 0x00..<0x20, 0x7F: "control character"
        default: "non-ASCII byte"
        }
    }
}

extension JSONParseError.Expectation {
    fileprivate var summary: String? {
        switch self {
        case .nothing: nil
        case .value: "a value"
        case .memberName: "a member name in double quotes"
        case .colon: "':' after a member name"
        case .commaOrBracket: "',' or ']'"
        case .commaOrBrace: "',' or '}'"
        case .endOfString: "the closing '\"' of a string"
        case .digit: "a digit"
        case .literal: "true, false or null"
        }
    }
}
