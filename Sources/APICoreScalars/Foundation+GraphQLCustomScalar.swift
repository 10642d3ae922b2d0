import APICoreGraphQL

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension URL: GraphQLCustomScalar {
    /// Reads a string that is a URL (absolute or relative, as `URL(string:)` reads it); anything else is an invalid
    /// scalar.
    public init(jsonValue: JSONValue) throws(GraphQLDecodingError) {
        guard case .string(let text) = jsonValue else {
            throw GraphQLDecodingError.mismatch(expected: "URL string", found: jsonValue)
        }
        guard let url = URL(string: text) else {
            throw GraphQLDecodingError(.invalidScalar(type: "URL", reason: "\"\(text)\" is not a URL"))
        }
        self = url
    }

    /// The URL's text, as it was read.
    public var jsonValue: JSONValue { .string(absoluteString) }
}

extension UUID: GraphQLCustomScalar {
    /// Reads a UUID string in either case (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`); anything else is an invalid scalar.
    public init(jsonValue: JSONValue) throws(GraphQLDecodingError) {
        guard case .string(let text) = jsonValue else {
            throw GraphQLDecodingError.mismatch(expected: "UUID string", found: jsonValue)
        }
        guard let uuid = UUID(uuidString: text) else {
            throw GraphQLDecodingError(.invalidScalar(type: "UUID", reason: "\"\(text)\" is not a UUID"))
        }
        self = uuid
    }

    /// The UUID in lowercase, the form RFC 9562 recommends and servers print.
    public var jsonValue: JSONValue { .string(uuidString.lowercased()) }
}

extension Decimal: GraphQLCustomScalar {
    /// Reads a decimal exactly: from a string of its digits (`"12345678901234567890.0123456789"`, as most `Decimal`
    /// scalars send it), from a JSON integer, or from a JSON number's digits as written. A number with more digits
    /// than a `Double` holds is kept as its text (`JSONValue.numberText`) and read from it; any other number is
    /// read through the shortest digits that give back the same `Double`, which are the digits written. A `Decimal`
    /// holds 38 significant digits and exponents from -128 to 127: a number beyond that range, like anything that
    /// is not a number, is an invalid scalar.
    public init(jsonValue: JSONValue) throws(GraphQLDecodingError) {
        switch jsonValue {
        case .string(let text):
            guard let decimal = Self.exactly(text) else {
                throw GraphQLDecodingError(
                    .invalidScalar(type: "Decimal", reason: "\"\(text)\" is not a decimal number"))
            }
            self = decimal
        case .int(let integer):
            self = Decimal(integer)
        case .double(let double):
            guard double.isFinite, let decimal = Self.exactly(String(double)) else {
                throw GraphQLDecodingError(.invalidScalar(type: "Decimal", reason: "\(double) is not a decimal number"))
            }
            self = decimal
        case .numberText(let text):
            guard let decimal = Self.exactly(text) else {
                throw GraphQLDecodingError(
                    .invalidScalar(type: "Decimal", reason: "\(text) is beyond a Decimal's range"))
            }
            self = decimal
        default:
            throw GraphQLDecodingError.mismatch(expected: "decimal number or string", found: jsonValue)
        }
    }

    /// The decimal as a string of its digits, so that no digit is lost on the way: a JSON number would pass through
    /// `Double` at many servers, even though `JSONReader` and `JSONWriter` keep its digits.
    public var jsonValue: JSONValue { .string(description) }

    /// The decimal that the whole of `text` spells in the JSON number grammar (`-`, digits, an optional fraction and
    /// exponent); `nil` for anything else, such as `1,5`, `0x10`, `NaN` or trailing text.
    package static func exactly(_ text: String) -> Decimal? {
        var sawDigit = false
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        if index < utf8.endIndex, utf8[index] == UInt8(ascii: "-") { index = utf8.index(after: index) }
        var part = 0  // 0: integer digits, 1: fraction, 2: exponent
        var previous: UInt8 = 0
        while index < utf8.endIndex {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
            case UInt8(ascii: ".") where part == 0 && sawDigit:
                part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard part < 2, sawDigit else { return nil }
                part = 2
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") else { return nil }
            default:
                return nil
            }
            previous = byte
            index = utf8.index(after: index)
        }
        guard sawDigit, previous >= UInt8(ascii: "0"), previous <= UInt8(ascii: "9") else { return nil }
        return Decimal(string: text, locale: nil)
    }
}
