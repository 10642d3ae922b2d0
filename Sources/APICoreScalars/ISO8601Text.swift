import APICoreGraphQL

/// Reads and writes the ISO 8601 (RFC 3339) text of the date and date-time scalars, without a formatter: a calendar
/// date `2024-02-29`, and a date-time `2024-02-29T18:24:43Z` with optional fractional seconds (any number of digits)
/// and a `Z` or numeric offset (`+05:30`, `-0800`, `+01`).
///
/// Dates are proleptic Gregorian, years 0001-9999 as four digits.
enum ISO8601Text {
    /// A calendar date's parts.
    struct CalendarDate: Equatable {
        var year: Int
        var month: Int
        var day: Int
    }

    /// The calendar date that the whole of `text` spells, or `nil`.
    static func calendarDate(_ text: String) -> CalendarDate? {
        var reader = Reader(Array(text.utf8))
        guard let date = reader.date(), reader.isAtEnd else { return nil }
        return date
    }

    /// The seconds since 1970-01-01T00:00:00Z of the date-time that the whole of `text` spells, or `nil`: the whole
    /// seconds and, apart, the fraction, so that no digit is lost before the caller adds them.
    static func timestamp(_ text: String) -> (seconds: Int64, fraction: Double)? {
        var reader = Reader(Array(text.utf8))
        guard let date = reader.date(), let separator = reader.next(),
            separator == UInt8(ascii: "T")
                || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " "),
            let hour = reader.digits(2), hour <= 23, reader.skip(":"),
            let minute = reader.digits(2), minute <= 59, reader.skip(":"),
            let second = reader.digits(2), second <= 60
        else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            guard let value = reader.fraction() else { return nil }
            fraction = value
        }
        guard let offset = reader.offset(), reader.isAtEnd else { return nil }
        let days = Int64(daysSinceEpoch(date))
        // A leap second (`:60`) is the first moment of the next minute, as POSIX time has no place for it.
        let seconds = days * 86_400 + Int64(hour * 3_600 + minute * 60 + second) - Int64(offset)
        return (seconds, fraction)
    }

    /// `YYYY-MM-DD`.
    static func text(_ date: CalendarDate) -> String {
        padded(date.year, 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2)
    }

    /// The UTC date-time text of whole seconds since 1970 and microseconds past them: `YYYY-MM-DDTHH:MM:SS` then
    /// `.mmm` or `.mmmmmm` when there is a fraction, then `Z`.
    static func text(seconds: Int64, microseconds: Int) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = Int(seconds - days * 86_400)
        let date = calendarDate(daysSinceEpoch: Int(days))
        var text = Self.text(date) + "T" + padded(inDay / 3_600, 2) + ":" + padded(inDay / 60 % 60, 2) + ":"
        text += padded(inDay % 60, 2)
        if microseconds != 0 {
            text += microseconds % 1_000 == 0 ? "." + padded(microseconds / 1_000, 3) : "." + padded(microseconds, 6)
        }
        return text + "Z"
    }

    /// Whether the date exists: month 1-12, and a day the month has in that year.
    static func isValid(_ date: CalendarDate) -> Bool {
        guard (1...9999).contains(date.year), (1...12).contains(date.month), date.day >= 1 else { return false }
        let isLeap = date.year % 4 == 0 && (date.year % 100 != 0 || date.year % 400 == 0)
        let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return date.day <= lengths[date.month - 1]
    }

    /// Days from 1970-01-01 to the date (negative before it), by the days-from-civil algorithm.
    static func daysSinceEpoch(_ date: CalendarDate) -> Int {
        let year = date.month <= 2 ? date.year - 1 : date.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (date.month + (date.month > 2 ? -3 : 9)) + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01, the inverse of ``daysSinceEpoch(_:)``.
    static func calendarDate(daysSinceEpoch days: Int) -> CalendarDate {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return CalendarDate(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// A cursor over the text's bytes.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { position == bytes.count }

        mutating func next() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        /// Skips `character` if it is next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        /// Exactly `count` ASCII digits, as a number.
        mutating func digits(_ count: Int) -> Int? {
            guard bytes.count - position >= count else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = bytes[position]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                position += 1
            }
            return value
        }

        /// `YYYY-MM-DD`, a date that exists.
        mutating func date() -> CalendarDate? {
            guard let year = digits(4), skip("-"), let month = digits(2), skip("-"), let day = digits(2) else {
                return nil
            }
            let date = CalendarDate(year: year, month: month, day: day)
            return ISO8601Text.isValid(date) ? date : nil
        }

        /// One or more digits after the decimal point, as a fraction of a second (digits past the nanosecond are read
        /// but cannot change a `Double` of a recent date).
        mutating func fraction() -> Double? {
            var numerator: Int64 = 0
            var denominator: Int64 = 1
            var count = 0
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                if count < 9 {
                    numerator = numerator * 10 + Int64(bytes[position] - UInt8(ascii: "0"))
                    denominator *= 10
                }
                count += 1
                position += 1
            }
            return count > 0 ? Double(numerator) / Double(denominator) : nil
        }

        /// `Z`, or `+HH:MM`, `+HHMM` or `+HH` (or `-`): the offset from UTC in seconds.
        mutating func offset() -> Int? {
            guard let sign = next() else { return nil }
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") { return 0 }
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let hours = digits(2), hours <= 23 else {
                return nil
            }
            var minutes = 0
            if !isAtEnd {
                _ = skip(":")
                guard let value = digits(2), value <= 59 else { return nil }
                minutes = value
            }
            let seconds = hours * 3_600 + minutes * 60
            return sign == UInt8(ascii: "-") ? -seconds : seconds
        }
    }
}
