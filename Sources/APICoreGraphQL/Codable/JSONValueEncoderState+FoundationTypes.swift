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

    /// Integral decimals that fit in 64 bits become ``JSONValue/int(_:)``, others the nearest `Double`.
    func encodeDecimal(_ decimal: Decimal) throws -> JSONValue {
        let text = decimal.description
        if let integer = Int64(text) { return .int(integer) }
        guard let double = Double(text), double.isFinite else {
            throw JSONCodingErrors.notFinite(decimal, codingPath: codingPath)
        }
        return .double(double)
    }

    private static let iso8601 = Date.ISO8601FormatStyle()
    private static let iso8601WithFractionalSeconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    private func number(_ value: Double, of date: Date) throws -> JSONValue {
        guard value.isFinite else { throw JSONCodingErrors.notFinite(date, codingPath: codingPath) }
        if let integer = Int64(exactly: value) { return .int(integer) }
        return .double(value)
    }
}
