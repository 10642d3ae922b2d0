import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Foundation
import Testing

/// Numbers whose digits a `Double` cannot hold: the reader keeps their text, and only theirs.
@Suite("Numbers kept as text", .cpuBound)
struct JSONReaderNumberTextTests {
    private func read(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONReader().read(text)
    }

    @Test(
        "numbers whose digits the double's shortest description gives back stay doubles",
        arguments: [
            "0.30000000000000004", "1e20", "1E+20", "1.0e20", "100000000000000000000.0", "0.1000000000000000000000",
            "123456789012345.0", "1234567890.12345", "0.000000000000000000000000000001234567890123", "-0.0",
            "-0.000000000000000000000", "0e-999", "5e-324", "2.2250738585072014e-308", "1.7976931348623157e308",
            "1e-307", "9007199254740992.0",
        ])
    func staysDouble(text: String) throws {
        let expected = try #require(Double(text))
        let value = try read(text)
        #expect(value == .double(expected))
        #expect(value.doubleValue?.sign == expected.sign)
        if !text.hasPrefix("-") { #expect(try read("-" + text) == .double(-expected)) }
    }

    @Test(
        "numbers with digits a double loses keep their text, and read as the nearest double",
        arguments: [
            "12345678901234567890.0123456789", "0.1000000000000000000001", "9007199254740993.0", "123456789012345678.9",
            "1.00000000000000011102230246251565404236316680908203125", "3.14159265358979323846264338327950288",
            "4.9406564584124654e-324", "1e-400", "1.00000000000000000001e50",
        ])
    func keepsText(text: String) throws {
        let value = try read(text)
        #expect(value == .numberText(text))
        #expect(value.kindName == "number")
        #expect(value.doubleValue == Double(text))
        #expect(try read("-" + text) == .numberText("-" + text))
        #expect(try read("[\(text), 1]") == .array([.numberText(text), .int(1)]))
    }

    @Test("a number beyond the doubles' range is still an error, and the grammar is as strict as before")
    func outOfRangeAndMalformed() {
        for text in ["1e400", "-1e400", "123456789012345678901234567890e300"] {
            #expect(throws: JSONParseError.self, "\(text)") { try read(text) }
        }
        for text in ["01234567890123456789.5", "1.", "1.e5", "1e", "-", "+1", ".5", "1234567890123456789012x"] {
            #expect(throws: JSONParseError.self, "\(text)") { try read(text) }
        }
    }

    @Test("the writer writes a number kept as text as it is, so it reads back the same, sorted or pretty")
    func writerRoundTrip() throws {
        let text = #"{"price":12345678901234567890.0123456789,"views":18446744073709551615,"tiny":1e-400}"#
        let value = try read(text)
        #expect(value["price"] == .numberText("12345678901234567890.0123456789"))
        #expect(value["views"] == .numberText("18446744073709551615"))
        #expect(JSONWriter().string(value) == text)
        let pretty = JSONWriter(options: .init(sortsKeys: true, prettyPrinted: true)).string(value)
        #expect(pretty.contains(#""price": 12345678901234567890.0123456789"#))
        #expect(try read(pretty) == value)
    }

    @Test("two numbers kept as text are equal when their texts are")
    func textualEquality() throws {
        #expect(try read("0.10000000000000000001") == read("0.10000000000000000001"))
        #expect(try read("0.10000000000000000001") != read("0.100000000000000000010"))
        #expect(Set([JSONValue.numberText("1e-400"), .numberText("1e-400"), .numberText("1E-400")]).count == 2)
    }

    @Test("no digit is lost: a number read as a double has the decimal value of its text (5,000 seeded)")
    func noDigitIsLost() throws {
        var random = SeededGenerator(seed: 19)
        var kinds: [String: Int] = [:]
        for _ in 0..<5_000 {
            let text = Self.randomNumber(&random)
            let value = try read(text)
            kinds["\(value)".prefix { $0 != "(" }.description, default: 0] += 1
            switch value {
            case .double(let double):
                let written = try #require(Decimal(string: text), "\(text)")
                #expect(written == Decimal(string: double.description), "\(text) read as \(double)")
            case .int(let integer):
                #expect(Decimal(string: text) == Decimal(integer), "\(text)")
            case .numberText(let kept):
                #expect(kept == text)
                #expect(JSONWriter().string(value) == text)
                #expect(try read(JSONWriter().string(value)) == value)
            default:
                Issue.record("\(text) read as \(value.kindName)")
            }
        }
        // The numbers drawn reach every kind, so each branch above was checked.
        #expect(kinds.keys.sorted() == ["double", "int", "numberText"], "\(kinds)")
    }

    /// A JSON number of 1 to 40 digits, with a fraction or an exponent or neither, in a range `Decimal` holds.
    static func randomNumber(_ random: inout SeededGenerator) -> String {
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in "0123456789".randomElement(using: &random)! })
        }
        let count = Int.random(in: 1...40, using: &random)
        var integerPart = digits(Int.random(in: 1...count, using: &random))
        integerPart = String(integerPart.drop { $0 == "0" })
        if integerPart.isEmpty { integerPart = "0" }
        var text = Bool.random(using: &random) ? "-" : ""
        text += integerPart
        let fractionCount = count - integerPart.count
        if fractionCount > 0 { text += "." + digits(fractionCount) }
        if Bool.random(using: &random) { text += "e" + String(Int.random(in: -40...40, using: &random)) }
        return text
    }
}
