import APICoreGraphQL

/// A date without a time or a time zone, as a `Date`-only scalar sends it: `2024-02-29` (ISO 8601, proleptic
/// Gregorian, years 1-9999).
///
/// Map a date-only scalar to it with `"customScalars": {"Date": "CalendarDate"}`. A birthday or a due date is the same
/// day everywhere, so it is not a `Foundation.Date`, which is a moment.
public struct GraphQLCalendarDate: GraphQLCustomScalar, Comparable, CustomStringConvertible {
    /// The year, 1-9999.
    public let year: Int
    /// The month, 1-12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int

    /// The date with these parts; `nil` if there is no such day (February 30th, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard ISO8601Text.isValid(ISO8601Text.CalendarDate(year: year, month: month, day: day)) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date that `text` spells as `YYYY-MM-DD`; `nil` for anything else.
    public init?(_ text: String) {
        guard let parts = ISO8601Text.calendarDate(text) else { return nil }
        self.init(year: parts.year, month: parts.month, day: parts.day)
    }

    /// Reads a `YYYY-MM-DD` string; anything else is an invalid scalar.
    public init(jsonValue: JSONValue) throws(GraphQLDecodingError) {
        guard case .string(let text) = jsonValue else {
            throw GraphQLDecodingError.mismatch(expected: "YYYY-MM-DD date string", found: jsonValue)
        }
        guard let date = Self(text) else {
            throw GraphQLDecodingError(
                .invalidScalar(type: "CalendarDate", reason: "\"\(text)\" is not a YYYY-MM-DD date"))
        }
        self = date
    }

    /// The date as `YYYY-MM-DD`.
    public var description: String {
        ISO8601Text.text(ISO8601Text.CalendarDate(year: year, month: month, day: day))
    }

    /// The date as a `YYYY-MM-DD` string.
    public var jsonValue: JSONValue { .string(description) }

    /// Days since 1970-01-01 (negative before it): how far apart two dates are.
    public var daysSince1970: Int {
        ISO8601Text.daysSinceEpoch(ISO8601Text.CalendarDate(year: year, month: month, day: day))
    }

    /// Earlier dates first.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
