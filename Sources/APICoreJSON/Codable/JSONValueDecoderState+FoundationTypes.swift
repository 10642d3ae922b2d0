import APICoreScalars

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Foundation types whose JSON form is not their `Codable` form: dates per strategy, data as base64, URLs and
/// decimals as in Foundation's `JSONDecoder`.
extension JSONValueDecoderState {
    func decodeDate() throws -> Date {
        switch configuration.dateDecodingStrategy {
        case .deferredToDate:
            return try Date(from: self)
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decodeNumber(for: Date.self))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decodeNumber(for: Date.self) / 1000)
        case .iso8601:
            let string = try decodeString(for: Date.self)
            guard let date = try? Date(string, strategy: .iso8601) else {
                throw JSONCodingErrors.invalidString(Date.self, format: "an ISO 8601 date", codingPath: codingPath)
            }
            return date
        case .custom(let decode):
            return try decode(currentValue)
        }
    }

    func decodeData() throws -> Data {
        guard let data = Data(base64Encoded: try decodeString(for: Data.self)) else {
            throw JSONCodingErrors.invalidString(Data.self, format: "base64", codingPath: codingPath)
        }
        return data
    }

    func decodeURL() throws -> URL {
        guard let url = URL(string: try decodeString(for: URL.self)) else {
            throw JSONCodingErrors.invalidString(URL.self, format: "a URL", codingPath: codingPath)
        }
        return url
    }

    /// Integers convert exactly, and so do numbers kept as text (with more digits than a double holds); other numbers
    /// go through their shortest decimal spelling, so `0.1` becomes `Decimal` 0.1 and not the binary approximation.
    func decodeDecimal() throws -> Decimal {
        switch currentValue {
        case .int(let value):
            return Decimal(value)
        case .double(let value):
            guard let decimal = Decimal(string: value.description) ?? Self.finiteDecimal(value) else {
                throw JSONCodingErrors.numberOutOfRange(Decimal.self, codingPath: codingPath)
            }
            return decimal
        case .numberText(let text):
            guard let decimal = Decimal.exactly(text) else {
                throw JSONCodingErrors.numberOutOfRange(Decimal.self, codingPath: codingPath)
            }
            return decimal
        default:
            throw JSONCodingErrors.typeMismatch(
                Decimal.self, expected: "number", found: currentValue, codingPath: codingPath)
        }
    }

    private static func finiteDecimal(_ value: Double) -> Decimal? {
        let decimal = Decimal(value)
        return decimal.isNaN ? nil : decimal
    }

    private func decodeNumber(for type: Any.Type) throws -> Double {
        guard let number = currentValue.doubleValue else {
            throw JSONCodingErrors.typeMismatch(type, expected: "number", found: currentValue, codingPath: codingPath)
        }
        return number
    }

    private func decodeString(for type: Any.Type) throws -> String {
        guard case .string(let string) = currentValue else {
            throw JSONCodingErrors.typeMismatch(type, expected: "string", found: currentValue, codingPath: codingPath)
        }
        return string
    }
}
