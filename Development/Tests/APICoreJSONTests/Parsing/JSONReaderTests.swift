import APICoreGraphQL
import APICoreJSON
import Foundation
import Testing

@Suite struct JSONReaderTests {
    private let reader = JSONReader()

    private func read(_ text: String) throws(JSONParseError) -> JSONValue {
        try reader.read(text)
    }

    /// The error reading `bytes` throws, or `nil` when it reads them.
    func parseError(reading bytes: [UInt8], with reader: JSONReader = JSONReader()) -> JSONParseError? {
        do {
            _ = try reader.read(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsScalars() throws {
        #expect(try read("null") == .null)
        #expect(try read("true") == .bool(true))
        #expect(try read("false") == .bool(false))
        #expect(try read("0") == .int(0))
        #expect(try read("-0") == .int(0))
        #expect(try read("42") == .int(42))
        #expect(try read("-17") == .int(-17))
        #expect(try read("1.5") == .double(1.5))
        #expect(try read("1e3") == .double(1000))
        #expect(try read("1E+2") == .double(100))
        #expect(try read("25e-1") == .double(2.5))
        #expect(try read("\"\"") == .string(""))
        #expect(try read("\"hello\"") == .string("hello"))
        #expect(try read(" \t\r\n 7 \n") == .int(7))
    }

    @Test func readsContainers() throws {
        #expect(try read("[]") == .array([]))
        #expect(try read("{}") == .object(JSONObject()))
        #expect(try read("[ 1 , [ ] , { } , \"x\" ]") == [1, [], [:], "x"])
        let value = try read(#"{"data": {"viewer": {"login": "octocat", "ids": [1, 2.5, null, true]}}}"#)
        #expect(value["data"]?["viewer"]?["login"] == "octocat")
        #expect(value["data"]?["viewer"]?["ids"] == [1, 2.5, nil, true])
    }

    @Test func keepsMemberOrder() throws {
        let object = try #require(try read(#"{"zeta": 1, "alpha": 2, "mid": 3}"#).objectValue)
        #expect(object.keys == ["zeta", "alpha", "mid"])
        #expect(object.values == [1, 2, 3])
    }

    @Test func lastDuplicateMemberWins() throws {
        let object = try #require(try read(#"{"a": 1, "b": 2, "a": 3}"#).objectValue)
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3)
        // An escaped name is the same name.
        let escaped = try #require(try read(#"{"a": 1, "\u0061": 2}"#).objectValue)
        #expect(escaped.count == 1)
        #expect(escaped["a"] == 2)
    }

    @Test(arguments: [8, 40, 300])
    func detectsDuplicatesInLargeObjects(memberCount: Int) throws {
        let members = (0..<memberCount).map { "\"member-number-\($0)\": \($0)" }
        let unique = try #require(try read("{" + members.joined(separator: ",") + "}").objectValue)
        #expect(unique.count == memberCount)
        #expect(unique["member-number-\(memberCount - 1)"] == .int(Int64(memberCount - 1)))

        let repeated = members + ["\"member-number-1\": -1"]
        let object = try #require(try read("{" + repeated.joined(separator: ",") + "}").objectValue)
        #expect(object.count == memberCount)
        #expect(object["member-number-1"] == -1)
    }

    @Test func keepsManyShortStringsApart() throws {
        // Thousands of distinct short names and values collide in the reader's caches and must still come out right.
        let count = 3000
        let elements = (0..<count).map { #"{"k\#($0)": "v\#($0)", "same": "\#($0 % 7)"}"# }
        let array = try #require(try read("[" + elements.joined(separator: ",") + "]").arrayValue)
        #expect(array.count == count)
        for (index, element) in array.enumerated() {
            let object = try #require(element.objectValue)
            #expect(object.keys == ["k\(index)", "same"])
            #expect(object.values == [.string("v\(index)"), .string("\(index % 7)")])
        }
    }

    @Test func keepsObjectsWithSimilarLongNamesApart() throws {
        // Names of the same length that differ only in the middle look alike to the reader's fingerprints.
        let first = "abcdefghXXXXXXXXijklmnop"
        let second = "abcdefghYYYYYYYYijklmnop"
        let value = try read(#"[{"\#(first)": 1}, {"\#(second)": 2}, {"\#(first)": 3, "\#(second)": 4}]"#)
        #expect(value == [[first: 1], [second: 2], [first: 3, second: 4]])
        #expect(value.arrayValue?[1].objectValue?.keys == [second])
        #expect(try read(#"{"\#(first)": 1, "\#(second)": 2, "\#(first)": 3}"#) == [first: 3, second: 2])
    }

    @Test func readsIntegersExactly() throws {
        #expect(try read("9007199254740993") == .int(9_007_199_254_740_993))
        #expect(try read("-9007199254740993") == .int(-9_007_199_254_740_993))
        #expect(try read("9223372036854775807") == .int(.max))
        #expect(try read("-9223372036854775808") == .int(.min))
        #expect(try read("1000000000000000000") == .int(1_000_000_000_000_000_000))
    }

    @Test func readsIntegersOutsideInt64AsDoublesWhenADoubleIsThem() throws {
        #expect(try read("9223372036854775808") == .double(0x1p63))
        #expect(try read("-9223372036854775808") == .int(.min))
        #expect(try read("18446744073709551616") == .double(0x1p64))
        #expect(try read("100000000000000000000") == .double(1e20))
        #expect(try read("-100000000000000000000") == .double(-1e20))
        #expect(try read("1267650600228229401496703205376") == .double(0x1p100))
    }

    @Test func keepsTheTextOfIntegersOutsideInt64ThatNoDoubleIs() throws {
        // The nearest doubles are 2^63, 2^64 and 1.2345678901234568e29: each differs from the integer written.
        for text in ["-9223372036854775809", "18446744073709551615", "123456789012345678901234567890"] {
            #expect(try read(text) == .numberText(text))
        }
        // Its shortest description has the same digits, but the double is 12345678901234567168.
        #expect(try read("12345678901234567000") == .numberText("12345678901234567000"))
    }

    @Test(arguments: [
        "0.1", "0.3", "3.141592653589793", "1.7976931348623157e308", "2.2250738585072014e-308", "5e-324",
        "1e22", "1e23", "8.98846567431158e307", "0.000001", "2.5E-3", "100000000000000000000000000000e-10", "0.1e1",
        "17.0", "7.0e-10", "0.30000000000000004", "1.2345678901234567e19",
    ])
    func readsDoublesCorrectlyRounded(text: String) throws {
        let expected = try #require(Double(text))
        let value = try read(text)
        #expect(value == .double(expected))
        #expect(try read("-" + text) == .double(-expected))
    }

    @Test func keepsTheSignOfNegativeZero() throws {
        let value = try #require(try read("-0.0").doubleValue)
        #expect(value == 0 && value.sign == .minus)
    }

    @Test func decodesEscapes() throws {
        #expect(try read(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try read(#""\u0041\u00e9\u20AC\u0000""#) == .string("Aé€\u{0}"))
        #expect(
            try read(#""line one\nline two with a longer tail""#) == .string("line one\nline two with a longer tail"))
        #expect(try read(#""\\""#) == .string("\\"))
    }

    @Test func decodesSurrogatePairs() throws {
        #expect(try read(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try read(#""a\uD834\uDD1Eb""#) == .string("a𝄞b"))
        #expect(try read(#""\udbff\udfff""#) == .string("\u{10FFFF}"))
    }

    @Test func readsRawUTF8() throws {
        let text = "\"é € 😀 ẞ 中文 \u{10FFFF} and a run of plain ASCII text after it\""
        #expect(try read(text) == .string(String(text.dropFirst().dropLast())))
    }

    @Test func allInputFormsAgree() throws {
        let text = #"{"a": [1, "two", 3.5]}"#
        let expected = try read(text)
        #expect(try reader.read(Array(text.utf8)) == expected)
        #expect(try reader.read(Data(text.utf8)) == expected)
        let fromPointer = try Array(text.utf8).withUnsafeBytes { bytes in try reader.read(bytes) }
        #expect(fromPointer == expected)
        #expect(try reader.read(Substring(text).description) == expected)
    }

    @Test func describesErrorsWithoutQuotingTheInput() throws {
        let truncated = try #require(parseError(reading: Array("[".utf8)))
        #expect(truncated.description == "invalid JSON at byte 1: truncated input (expected a value)")

        let secret = #"{"token": "ghp_secret123", "user": secret}"#
        let failure = try #require(parseError(reading: Array(secret.utf8)))
        #expect(failure.reason == .unexpectedByte(UInt8(ascii: "s")))
        #expect(failure.description == "invalid JSON at byte 35: unexpected letter (expected a value)")
        #expect(!failure.description.contains("secret"))
        #expect(!failure.description.contains("ghp"))
    }

    @Test func enforcesTheDefaultDepthLimit() throws {
        let limit = JSONReader.Options().maximumDepth
        #expect(limit == 512)
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try reader.read(deepest) }

        let tooDeep = "[" + deepest + "]"
        let failure = try #require(parseError(reading: Array(tooDeep.utf8)))
        #expect(failure == JSONParseError(offset: limit, reason: .tooDeep(limit: limit)))
    }

    @Test func depthLimitIsConfigurable() throws {
        let shallow = JSONReader(options: .init(maximumDepth: 2))
        #expect(try shallow.read("[[1]]") == [[1]])
        #expect(try shallow.read(#"{"a": {"b": 1}}"#) == ["a": ["b": 1]])
        #expect(
            parseError(reading: Array("[[[1]]]".utf8), with: shallow)
                == JSONParseError(offset: 2, reason: .tooDeep(limit: 2)))
        let nested = Array(#"{"a": {"b": []}}"#.utf8)
        #expect(parseError(reading: nested, with: shallow) == JSONParseError(offset: 12, reason: .tooDeep(limit: 2)))

        let flat = JSONReader(options: .init(maximumDepth: 0))
        #expect(try flat.read("\"scalars only\"") == "scalars only")
        #expect(
            parseError(reading: Array("[]".utf8), with: flat) == JSONParseError(offset: 0, reason: .tooDeep(limit: 0)))
    }

    @Test func deepNestingDoesNotUseTheThreadStack() async throws {
        // 200,000 open brackets on a thread with a 256 KiB stack: a recursive reader would overflow it.
        let depth = 200_000
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: depth)
        let unlimited = JSONReader(options: .init(maximumDepth: .max))
        let error = await onThread(stackSize: 256 * 1024) { () -> JSONParseError? in
            do throws(JSONParseError) {
                _ = try unlimited.read(bytes)
                return nil
            } catch {
                return error
            }
        }
        #expect(error == JSONParseError(offset: depth, reason: .unexpectedEnd))
    }

    @Test func readsTheDeepestDefaultInputOnASmallStack() async throws {
        let text = String(repeating: #"{"a":["#, count: 256) + "1" + String(repeating: "]}", count: 256)
        let reader = self.reader
        let value = await onThread(stackSize: 256 * 1024) { () -> Bool in
            (try? reader.read(text)) != nil
        }
        #expect(value)
    }

    /// Runs `body` on a new thread with the given stack size and returns its result.
    private func onThread<Result: Sendable>(
        stackSize: Int, _ body: @escaping @Sendable () -> Result
    ) async -> Result {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = stackSize
            thread.start()
        }
    }

    @Test("the objects of a long list with the same member names share one array of names; a short list reads alike")
    func listObjectsShareNames() throws {
        let element = #"{"id":1,"login":"octocat","name":null}"#
        let long = "[" + Array(repeating: element, count: 40).joined(separator: ",") + "]"
        let short = "[" + Array(repeating: element, count: 2).joined(separator: ",") + "]"
        for (text, shares) in [(long, true), (short, false)] {
            let value = try JSONReader().read(Data(text.utf8))
            guard case .array(let elements) = value else {
                Issue.record("not an array")
                return
            }
            let objects = elements.compactMap(\.objectValue)
            #expect(objects.count == elements.count)
            #expect(objects.allSatisfy { $0.keys == ["id", "login", "name"] && $0["login"] == "octocat" })
            if shares {
                let buffers = Set(objects.map { $0.keys.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } })
                #expect(buffers.count == 1, "\(objects.count) objects hold \(buffers.count) arrays of names")
            }
        }
    }
}
