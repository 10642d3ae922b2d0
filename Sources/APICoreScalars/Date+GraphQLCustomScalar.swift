import APICoreGraphQL

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Date: GraphQLCustomScalar {
    /// Reads an ISO 8601 (RFC 3339) date-time string, with or without fractional seconds, in UTC (`Z`) or at any
    /// offset (`+05:30`, `-0800`, `+01`): what `DateTime` scalars send. Anything else is an invalid scalar.
    public init(jsonValue: JSONValue) throws(GraphQLDecodingError) {
        guard case .string(let text) = jsonValue else {
            throw GraphQLDecodingError.mismatch(expected: "ISO 8601 date-time string", found: jsonValue)
        }
        guard let timestamp = ISO8601Text.timestamp(text) else {
            throw GraphQLDecodingError(
                .invalidScalar(type: "Date", reason: "\"\(text)\" is not an ISO 8601 date-time with an offset"))
        }
        self.init(timeIntervalSince1970: Double(timestamp.seconds) + timestamp.fraction)
    }

    /// The date as an ISO 8601 date-time string in UTC, to the microsecond: `2024-02-29T18:24:43.5Z`-style text with
    /// three or six fraction digits when there is a fraction, none when there is not.
    public var jsonValue: JSONValue {
        let interval = timeIntervalSince1970
        var seconds = interval.rounded(.down)
        var microseconds = Int(((interval - seconds) * 1_000_000).rounded())
        if microseconds == 1_000_000 {
            seconds += 1
            microseconds = 0
        }
        return .string(ISO8601Text.text(seconds: Int64(seconds), microseconds: microseconds))
    }
}
