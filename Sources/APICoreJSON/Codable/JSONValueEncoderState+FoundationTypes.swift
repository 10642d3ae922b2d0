import APICoreGraphQL

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Dates per strategy and decimals as numbers, as in Foundation's `JSONEncoder`.
extension JSONValueEncoderState {
    /// `nil` for ``JSONValueEncoder/DateEncodingStrategy/deferredToDate``, which leaves the date to encode itself.
    func encodeDate(_ date: Date) throws -> JSONValue? {
        switch configuration.dateEncodingStrategy {
        case .deferredToDate:
            return nil
        case .secondsSince1970:
            return try number(date.timeIntervalSince1970, of: date)
        case .millisecondsSince1970:
            return try number(date.timeIntervalSince1970 * 1000, of: date)
        case .iso8601:
            let seconds = date.timeIntervalSince1970
            if seconds.rounded(.down) == seconds {
                return .string(date.formatted(Self.iso8601))
            }
            return .string(date.formatted(Self.iso8601WithFractionalSeconds))
        case .custom(let encode):
            return try encode(date)
        }
    }

    /// The decimal as the reader reads its digits: `JSONValue.int(_:)` for an integer that fits in 64 bits,
    /// `JSONValue.double(_:)` when a double holds its digits, else `JSONValue.numberText(_:)`, so that no digit
    /// is lost.
    func encodeDecimal(_ decimal: Decimal) throws -> JSONValue {
        guard let number = JSONValue.number(text: decimal.description) else {
            throw JSONCodingErrors.notFinite(decimal, codingPath: codingPath)
        }
        return number
    }

    private static let iso8601 = Date.ISO8601FormatStyle()
    private static let iso8601WithFractionalSeconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    private func number(_ value: Double, of date: Date) throws -> JSONValue {
        guard value.isFinite else { throw JSONCodingErrors.notFinite(date, codingPath: codingPath) }
        if let integer = Int64(exactly: value) { return .int(integer) }
        return .double(value)
    }
}
