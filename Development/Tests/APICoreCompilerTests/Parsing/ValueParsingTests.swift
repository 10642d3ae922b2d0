import APICoreCompiler
import Testing

@Suite("Values and types")
struct ValueParsingTests {
    private func kind(_ text: String) throws -> Value.Kind {
        try Parser.parseValue(text).kind
    }

    @Test(
        "numbers are kept as written, ints and floats told apart",
        arguments: [
            ("0", Value.Kind.int("0")), ("-0", .int("-0")), ("123", .int("123")),
            ("-987654321012345678901", .int("-987654321012345678901")),
            ("1.5", .float("1.5")), ("0.0", .float("0.0")), ("1e10", .float("1e10")), ("1E+10", .float("1E+10")),
            ("-1.5e-3", .float("-1.5e-3")), ("0e0", .float("0e0")), ("6.0221409e23", .float("6.0221409e23")),
        ])
    func numbers(text: String, expected: Value.Kind) throws {
        #expect(try kind(text) == expected)
    }

    @Test("a number followed by a name start, a dot or another digit after 0 is an error at that character")
    func numberLookahead() {
        #expect(ParseErrors.valueError("0x1F") == "1:2: Invalid number, expected digit but got: \"x\".")
        #expect(ParseErrors.valueError("1.") == "1:3: Invalid number, expected digit but got: <EOF>.")
        #expect(ParseErrors.valueError("1e") == "1:3: Invalid number, expected digit but got: <EOF>.")
        #expect(ParseErrors.valueError("123abc") == "1:4: Invalid number, expected digit but got: \"a\".")
        #expect(ParseErrors.valueError(".123") == "1:1: Unexpected character: \".\".")
        #expect(ParseErrors.valueError("01") == "1:2: Invalid number, unexpected digit after 0: \"1\".")
        #expect(ParseErrors.valueError("1.2.3") == "1:4: Invalid number, expected digit but got: \".\".")
        #expect(ParseErrors.valueError("1_000") == "1:2: Invalid number, expected digit but got: \"_\".")
    }

    @Test("every other kind of value")
    func otherValues() throws {
        #expect(try kind("true") == .boolean(true))
        #expect(try kind("false") == .boolean(false))
        #expect(try kind("null") == .null)
        #expect(try kind("RED") == .enumValue("RED"))
        #expect(try kind("$id") == .variable("id"))
        #expect(try kind("[]") == .list([]))
        #expect(try kind("{}") == .object([]))
        #expect(try kind("\"\"") == .string("", isBlock: false))
        #expect(try kind("\"\"\"\"\"\"") == .string("", isBlock: true))
    }

    @Test("an introspection default value: nested objects and lists, commas optional")
    func nestedValue() throws {
        let value = try Parser.parseValue("{a: 1, b: [ENUM, {c: \"x\"}] d: null}")
        let expected = Value(
            .object([
                Argument(name: Name("a"), value: Value(.int("1"))),
                Argument(
                    name: Name("b"),
                    value: Value(
                        .list([
                            Value(.enumValue("ENUM")),
                            Value(.object([Argument(name: Name("c"), value: Value(.string("x", isBlock: false)))])),
                        ]))),
                Argument(name: Name("d"), value: Value(.null)),
            ]))
        #expect(value == expected)
        #expect(!value.containsVariable)
        #expect(try Parser.parseValue("[1, {a: $v}]").containsVariable)
    }

    @Test("type references: named, list and non-null, with their locations")
    func types() throws {
        let type = try Parser.parseType("  [ String! ]!", file: "t")
        #expect(type.description == "[String!]!")
        guard case .nonNull(.list(.nonNull(.named(let name), let innerLocation), let listLocation), let location) = type
        else {
            Issue.record("unexpected shape \(type)")
            return
        }
        #expect(name.value == "String")
        #expect(name.location.column == 5)
        #expect(innerLocation.column == 5)
        #expect(listLocation.column == 3)
        #expect(location.column == 3)
        #expect(location.file == "t")
        #expect(try Parser.parseType("ID") == .named(Name("ID")))
    }
}
