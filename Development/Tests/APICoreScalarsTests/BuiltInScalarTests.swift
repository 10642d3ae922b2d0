import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import APICoreTestSupport
import Foundation
import Testing

/// The scalar types a configuration can map custom scalars to: what they read, what they refuse, and that what they
/// write reads back the same.
@Suite("Built-in scalars", .cpuBound)
struct BuiltInScalarTests {
    /// The value a scalar decodes from `json`, or the decoding error.
    static func decode<Scalar: GraphQLCustomScalar>(
        _: Scalar.Type, _ json: JSONValue
    ) -> Result<Scalar, GraphQLDecodingError> {
        Result { () throws(GraphQLDecodingError) in try Scalar(jsonValue: json) }
    }

    @Test(
        "date-times with and without fractional seconds, at any offset, read as the moment they name",
        arguments: [
            ("1970-01-01T00:00:00Z", 0.0),
            ("1970-01-01T00:00:00.000Z", 0.0),
            ("2018-09-26T18:24:43Z", 1_537_986_283.0),
            ("2018-09-26T18:24:43.123Z", 1_537_986_283.123),
            ("2018-09-26T20:24:43.123456+02:00", 1_537_986_283.123456),
            ("2018-09-26T10:24:43-0800", 1_537_986_283.0),
            ("2018-09-26T23:24:43+05", 1_537_986_283.0),
            ("2018-09-26t18:24:43z", 1_537_986_283.0),
            ("2018-09-26 18:24:43.5Z", 1_537_986_283.5),
            ("1969-12-31T23:59:59.75Z", -0.25),
            ("2024-02-29T00:00:00Z", 1_709_164_800.0),
            ("0001-01-01T00:00:00Z", -62_135_596_800.0),
            ("9999-12-31T23:59:59Z", 253_402_300_799.0),
        ])
    func dateTimes(text: String, seconds: Double) throws {
        let date = try Self.decode(Date.self, .string(text)).get()
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
        // What it writes is UTC, and reads back as the same moment.
        let written = try #require(date.jsonValue.stringValue)
        #expect(written.hasSuffix("Z"))
        #expect(try Self.decode(Date.self, .string(written)).get() == date)
    }

    @Test(
        "text that is not a date-time with an offset is an invalid scalar, a number a type mismatch",
        arguments: [
            "2018-09-26T18:24:43", "2018-09-26", "2018-02-30T00:00:00Z", "2019-02-29T00:00:00Z",
            "2018-13-01T00:00:00Z", "2018-09-26T24:00:00Z", "2018-09-26T18:60:00Z", "2018-09-26T18:24:43.Z",
            "2018-09-26T18:24:43+24:00", "2018-09-26T18:24:43+05:3", "18-09-26T18:24:43Z", "2018-09-26T18:24:43Zjunk",
            "", "yesterday",
        ])
    func invalidDateTimes(text: String) {
        guard case .failure(let error) = Self.decode(Date.self, .string(text)) else {
            Issue.record("\(text) read as a date")
            return
        }
        guard case .invalidScalar(let type, let reason) = error.reason else {
            Issue.record("\(error)")
            return
        }
        #expect(type == "Date")
        #expect(reason.contains("\"\(text)\""))
        #expect(throws: GraphQLDecodingError.self) { try Date(jsonValue: .int(0)) }
    }

    @Test("any moment from 1583 to 2100, to the microsecond, at any offset, reads back from its text (2,000 seeded)")
    func dateTimeRoundTrips() throws {
        var random = SeededGenerator(seed: 0xDA7E)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for _ in 0..<2_000 {
            // Foundation's Gregorian calendar, the independent check below, turns Julian before 1583; past 2100 a
            // `Double` of seconds no longer holds every microsecond.
            let seconds = Int64.random(in: -12_212_553_600...4_102_444_800, using: &random)
            let microseconds = Int.random(in: 0..<1_000_000, using: &random)
            let date = Date(timeIntervalSince1970: Double(seconds) + Double(microseconds) / 1_000_000)
            let written = try #require(date.jsonValue.stringValue)
            let read = try Self.decode(Date.self, .string(written)).get()
            #expect(abs(read.timeIntervalSince1970 - date.timeIntervalSince1970) < 1e-6, "\(written)")
            #expect(read.jsonValue == date.jsonValue, "\(written)")
            // The same moment written at another offset reads back the same, and Foundation's own reader agrees.
            let offsetMinutes = Int.random(in: -(23 * 60 + 59)...(23 * 60 + 59), using: &random)
            let local = Self.text(of: seconds, microseconds: microseconds, offsetMinutes: offsetMinutes)
            let fromLocal = try Self.decode(Date.self, .string(local)).get()
            #expect(abs(fromLocal.timeIntervalSince1970 - date.timeIntervalSince1970) < 1e-6, "\(local)")
            if seconds > 0, let foundation = formatter.date(from: written) {
                #expect(abs(foundation.timeIntervalSince1970 - date.timeIntervalSince1970) < 1e-3, "\(written)")
            }
        }
    }

    /// The date-time text of a moment as a clock at `offsetMinutes` from UTC shows it, written independently of the
    /// code under test (through Foundation's Gregorian calendar).
    static func text(of seconds: Int64, microseconds: Int, offsetMinutes: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let shifted = Date(timeIntervalSince1970: Double(seconds + Int64(offsetMinutes * 60)))
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: shifted)
        let sign = offsetMinutes < 0 ? "-" : "+"
        let offset = abs(offsetMinutes)
        let clock = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%06d", parts.year!, parts.month!, parts.day!, parts.hour!,
            parts.minute!, parts.second!, microseconds)
        return clock + sign + String(format: "%02d:%02d", offset / 60, offset % 60)
    }

    @Test("calendar dates read and write as YYYY-MM-DD, and only days that exist read")
    func calendarDates() throws {
        let leapDay = try Self.decode(GraphQLCalendarDate.self, .string("2024-02-29")).get()
        #expect((leapDay.year, leapDay.month, leapDay.day) == (2024, 2, 29))
        #expect(leapDay.jsonValue == .string("2024-02-29"))
        #expect(leapDay.daysSince1970 == 19_782)
        #expect(GraphQLCalendarDate(year: 2024, month: 3, day: 1)! > leapDay)
        for text in ["2023-02-29", "2024-13-01", "2024-00-10", "2024-1-01", "0000-01-01", "2024-02-29T00:00:00Z", ""] {
            #expect(throws: GraphQLDecodingError.self, "\(text)") { try GraphQLCalendarDate(jsonValue: .string(text)) }
        }
        #expect(GraphQLCalendarDate(year: 1900, month: 2, day: 29) == nil)
        #expect(GraphQLCalendarDate(year: 2000, month: 2, day: 29) != nil)
        // Every day from year 1 to 9999 has one text and one day number (seeded sample of 5,000).
        var random = SeededGenerator(seed: 0xCA1E)
        for _ in 0..<5_000 {
            let days = Int.random(in: -719_162...2_932_896, using: &random)
            let seconds = Double(days) * 86_400
            let text = String(try #require(Date(timeIntervalSince1970: seconds).jsonValue.stringValue).prefix(10))
            let date = try #require(GraphQLCalendarDate(text))
            #expect(date.daysSince1970 == days, "\(text)")
            #expect(date.description == text)
        }
    }

    @Test("URLs and UUIDs read from strings; a UUID is written in lowercase; what is neither is an invalid scalar")
    func urlsAndUUIDs() throws {
        let url = try Self.decode(URL.self, .string("https://example.com/a%20b?c=d#e")).get()
        #expect(url.host == "example.com")
        #expect(url.jsonValue == .string("https://example.com/a%20b?c=d#e"))
        #expect(throws: GraphQLDecodingError.self) { try URL(jsonValue: .string("")) }
        #expect(throws: GraphQLDecodingError.self) { try URL(jsonValue: .int(1)) }

        let uuid = try Self.decode(UUID.self, .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")).get()
        #expect(uuid.jsonValue == .string("e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))
        #expect(try UUID(jsonValue: uuid.jsonValue) == uuid)
        #expect(throws: GraphQLDecodingError.self) { try UUID(jsonValue: .string("E621E1F8-C36C-495A-93FC")) }
    }

    @Test("decimals keep every digit a Double would lose, from strings, integers and numbers")
    func decimals() throws {
        let digits = "12345678901234567890.0123456789"
        let exact = try Self.decode(Decimal.self, .string(digits)).get()
        #expect(exact.description == digits)
        #expect(Double(digits)!.description != digits)
        #expect(exact.jsonValue == .string(digits))
        #expect(try Decimal(jsonValue: exact.jsonValue) == exact)
        #expect(try Self.decode(Decimal.self, .string("-0.000001")).get().description == "-0.000001")
        #expect(try Self.decode(Decimal.self, .string("1.5e3")).get() == Decimal(1500))
        #expect(
            try Self.decode(Decimal.self, .int(9_223_372_036_854_775_807)).get().description == "9223372036854775807")
        #expect(try Self.decode(Decimal.self, .double(0.1)).get() == Decimal(string: "0.1"))
        for text in ["1,5", "0x10", "NaN", "Infinity", "1e", "--1", "1.", ".5", "1e+", "1 ", "", "+1"] {
            #expect(throws: GraphQLDecodingError.self, "\(text)") { try Decimal(jsonValue: .string(text)) }
        }
        #expect(throws: GraphQLDecodingError.self) { try Decimal(jsonValue: .bool(true)) }
    }

    @Test("JSON values stay as they are, nested objects and all; 64-bit integers stay exact either way")
    func jsonAndIntegers() throws {
        let payload: JSONValue = .object([
            "a": .array([.int(1), .object(["b": .null, "c": .string("d")])]), "e": .double(1.5),
        ])
        #expect(try JSONValue.decode(from: payload, in: GraphQLDecodingContext(variables: [:])) == payload)
        #expect(payload.jsonValue == payload)

        #expect(try Self.decode(UInt64.self, .string("18446744073709551615")).get() == .max)
        #expect(UInt64.max.jsonValue == .string("18446744073709551615"))
        #expect(UInt64(42).jsonValue == .int(42))
        #expect(try UInt64(jsonValue: UInt64.max.jsonValue) == .max)
        #expect(throws: GraphQLDecodingError.self) { try UInt64(jsonValue: .int(-1)) }
        #expect(throws: GraphQLDecodingError.self) { try UInt64(jsonValue: .string("18446744073709551616")) }
        #expect(try Int64(jsonValue: .string("-9223372036854775808")) == .min)
    }

    @Test("a decimal that a Double cannot hold reads exactly from a JSON number, and round-trips as a string")
    func decimalsFromNumbers() throws {
        let digits = "12345678901234567890.0123456789"
        let response = try JSONReader().read(#"{"price": \#(digits), "small": -0.000000000000000000000000123456789}"#)
        let context = GraphQLDecodingContext(variables: [:])
        let price = try Decimal.decode(from: try #require(response["price"]), in: context)
        #expect(price.description == digits)
        #expect(price == Decimal(string: digits))
        #expect(try Decimal(jsonValue: price.jsonValue) == price)
        #expect(Decimal.__decodeChecked(.numberText(digits), variables: [:]) == price)
        let small = try Self.decode(Decimal.self, try #require(response["small"])).get()
        #expect(small == Decimal(string: "-0.000000000000000000000000123456789"))
        // Through the writer and the reader again, as the cache's JSON text and a re-sent response carry it.
        let rewritten = try JSONReader().read(JSONWriter().write(response))
        #expect(try Self.decode(Decimal.self, try #require(rewritten["price"])).get() == price)
        // Beyond a Decimal's exponents, a number kept as text is an invalid scalar, not a rounded value.
        let tooSmall = Self.decode(Decimal.self, .numberText("1e-400"))
        #expect(throws: GraphQLDecodingError.self) { try tooSmall.get() }
    }

    @Test(
        "a UInt64 above Int64.max reads exactly from a JSON number; an Int64 or Int out of range is an invalid scalar")
    func unsignedIntegersFromNumbers() throws {
        let response = try JSONReader().read(#"{"views": 18446744073709551615, "next": 9223372036854775809}"#)
        let views = try #require(response["views"])
        #expect(views == .numberText("18446744073709551615"))
        #expect(try Self.decode(UInt64.self, views).get() == .max)
        #expect(try Self.decode(UInt64.self, try #require(response["next"])).get() == 9_223_372_036_854_775_809)
        #expect(try Self.decode(UInt64.self, .numberText("18446744073709551615.000000")).get() == .max)

        let context = GraphQLDecodingContext(variables: [:])
        for (type, result) in [
            ("Int64", Self.decode(Int64.self, views).map { _ in () }),
            ("Int", Result { () throws(GraphQLDecodingError) in _ = try Int.decode(from: views, in: context) }),
            ("UInt64", Self.decode(UInt64.self, .numberText("18446744073709551616")).map { _ in () }),
        ] {
            #expect(throws: GraphQLDecodingError(.invalidScalar(type: type, reason: "out of range"))) {
                try result.get()
            }
        }
        #expect(throws: GraphQLDecodingError(.invalidScalar(type: "UInt64", reason: "a number that is not an integer")))
        {
            try Self.decode(UInt64.self, .numberText("18446744073709551615.5")).get()
        }
        #expect(try Double.decode(from: views, in: context) == 0x1p64)
    }
}
