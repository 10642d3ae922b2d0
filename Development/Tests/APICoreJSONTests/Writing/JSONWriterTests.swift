import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreGraphQL
@testable import APICoreJSON

@Suite(.cpuBound) struct JSONWriterTests {
    private let writer = JSONWriter()

    @Test func writesCompactText() {
        let value: JSONValue = ["zeta": 1, "alpha": [true, false, nil], "mid": "text", "empty": [:], "none": []]
        #expect(writer.string(value) == #"{"zeta":1,"alpha":[true,false,null],"mid":"text","empty":{},"none":[]}"#)
        #expect(writer.write(value) == Array(writer.string(value).utf8))
    }

    @Test func keepsMemberOrderUnlessSorting() {
        let value: JSONValue = ["b": 1, "a": ["d": 2, "c": 3], "B": 4]
        #expect(writer.string(value) == #"{"b":1,"a":{"d":2,"c":3},"B":4}"#)
        let sorting = JSONWriter(options: .init(sortsKeys: true))
        #expect(sorting.string(value) == #"{"B":4,"a":{"c":3,"d":2},"b":1}"#)
    }

    @Test func prettyPrints() {
        let value: JSONValue = ["data": ["ids": [1, 2], "empty": [], "none": [:]], "ok": true]
        let pretty = JSONWriter(options: .init(prettyPrinted: true))
        let expected = """
            {
              "data": {
                "ids": [
                  1,
                  2
                ],
                "empty": [],
                "none": {}
              },
              "ok": true
            }
            """
        #expect(pretty.string(value) == expected)
        #expect(pretty.string([]) == "[]")
        #expect(pretty.string("top") == #""top""#)
    }

    @Test func escapesWhatJSONRequires() {
        let value: JSONValue = "quote \" backslash \\ slash / \n \r \t \u{8} \u{C} \u{0} \u{1F} \u{7F} é 😀"
        let expected = #""quote \" backslash \\ slash / \n \r \t \b \f \u0000 \u001f "# + "\u{7F} é 😀\""
        #expect(writer.string(value) == expected)
        let escapingSlashes = JSONWriter(options: .init(escapesSlashes: true))
        #expect(escapingSlashes.string("</script>") == #""<\/script>""#)
        #expect(writer.string(["key\n\"": 1]) == #"{"key\n\"":1}"#)
    }

    @Test func writesIntegersExactly() {
        #expect(writer.string(.int(0)) == "0")
        #expect(writer.string(.int(-7)) == "-7")
        #expect(writer.string(.int(9_007_199_254_740_993)) == "9007199254740993")
        #expect(writer.string(.int(.max)) == "9223372036854775807")
        #expect(writer.string(.int(.min)) == "-9223372036854775808")
    }

    @Test(arguments: [
        1.0, -1.0, 0.0, 0.1, 1.5, 100.0, 1e15, 1e16, 1e300, .leastNonzeroMagnitude, 2.2250738585072014e-308,
        1.7976931348623157e308, 9_007_199_254_740_992, 0x1p63, 123_456.789e-20, -0.0,
    ])
    func writesDoublesThatReadBackAsDoubles(double: Double) throws {
        let text = writer.string(.double(double))
        #expect(text.contains(".") || text.contains("e"), "\(text) would read back as an integer")
        let value = try JSONReader().read(text)
        #expect(value == .double(double))
        #expect(value.doubleValue?.sign == double.sign)
    }

    @Test func writesNonFiniteDoublesAsNull() {
        #expect(writer.string([.double(.infinity), .double(-.infinity), .double(.nan)]) == "[null,null,null]")
    }

    @Test func appendsToABuffer() {
        var buffer = Array("prefix ".utf8)
        writer.write([1, "two"], into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == #"prefix [1,"two"]"#)
    }

    @Test func roundTripsEveryControlCharacterAndNonASCIIText() throws {
        let text = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self) + "é€😀\u{10FFFF}\u{2028}"
        let value: JSONValue = [text: [.string(text)]]
        for options in [JSONWriter.Options(), .init(prettyPrinted: true, escapesSlashes: true)] {
            let written = JSONWriter(options: options).write(value)
            #expect(try JSONReader().read(written) == value)
            #expect(FoundationJSON.read(Data(written)) == value)
        }
    }

    @Test func writesTheDeepestDefaultInputOnASmallStack() async throws {
        let depth = JSONReader.Options().maximumDepth
        let text = String(repeating: #"{"a":["#, count: depth / 2) + "1" + String(repeating: "]}", count: depth / 2)
        let value = try JSONReader().read(text)
        let written = await withCheckedContinuation { continuation in
            let thread = Thread {
                let pretty = JSONWriter(options: .init(sortsKeys: true, prettyPrinted: true))
                continuation.resume(returning: (JSONWriter().string(value), pretty.write(value).count))
            }
            thread.stackSize = 256 * 1024
            thread.start()
        }
        #expect(written.0 == text)
        #expect(written.1 > text.utf8.count)
    }

    /// The corpus files that are not JSON by RFC 8259 (a missing comma, a trailing one), which Python's `json` module
    /// refuses too; Foundation's reader on Linux takes the trailing comma.
    static let notJSON: Set<String> = [
        "apps/pocket-ios/apollo-codegen-config.json", "github/operations/apollo/operationIDs.json",
        "starwars/operationIDs.json",
    ]

    /// The corpus files under 1 MB: the larger ones repeat what smaller ones hold and are slow in a debug build.
    @Test(arguments: JSONTestCorpus.jsonFiles(smallerThan: 1_000_000))
    func roundTripsCorpusFiles(path: String) throws {
        let data = try JSONTestCorpus.contents(of: path)
        guard !Self.notJSON.contains(path) else {
            #expect(throws: JSONParseError.self) { try JSONReader().read(data) }
            return
        }
        let value = try JSONReader().read(data)
        #expect(try JSONReader().read(writer.write(value)) == value)
        if data.count < 100_000 {
            let pretty = JSONWriter(options: .init(sortsKeys: true, prettyPrinted: true, escapesSlashes: true))
            #expect(try JSONReader().read(pretty.write(value)) == value)
        }
    }

    @Test("writing an object from members gives the text of the same JSONObject, members without a value left out")
    func writesObjectFromMembers() {
        let variables: JSONValue = ["id": "a/b", "first": 10, "after": nil, "tags": ["x", "\u{1F600}"]]
        let members: KeyValuePairs<String, JSONValue?> = [
            "query": "query Q($id: ID!) { node(id: $id) { id } }\n# \"quoted\" \\ </script>",
            "operationName": nil, "variables": variables, "ext\"ens/ions": ["persistedQuery": ["version": 1]],
            "empty": [:],
        ]
        let present = members.compactMap { member in member.value.map { (member.key, $0) } }
        // Compact output is written member by member; sorted or indented output goes through a `JSONObject`, so only
        // compact output is compared with one.
        for escapesSlashes in [false, true] {
            let writer = JSONWriter(options: .init(escapesSlashes: escapesSlashes))
            var direct: [UInt8] = [UInt8(ascii: "x")]
            writer.writeObject(members, into: &direct)
            #expect(direct == [UInt8(ascii: "x")] + writer.write(.object(JSONObject(present))))
        }
        var sorted: [UInt8] = []
        JSONWriter(options: .init(sortsKeys: true)).writeObject(["b": 1, "a": nil, "A": true], into: &sorted)
        #expect(String(decoding: sorted, as: UTF8.self) == #"{"A":true,"b":1}"#)
        var none: [UInt8] = []
        writer.writeObject(["a": nil], into: &none)
        #expect(String(decoding: none, as: UTF8.self) == "{}")
        var body: [UInt8] = []
        writer.writeObject(["query": "{ a }", "operationName": nil, "variables": ["id": "a/b"]], into: &body)
        #expect(String(decoding: body, as: UTF8.self) == #"{"query":"{ a }","variables":{"id":"a/b"}}"#)
        var escaped: [UInt8] = []
        JSONWriter(options: .init(escapesSlashes: true)).writeObject(["id": "a/\"b\""], into: &escaped)
        #expect(String(decoding: escaped, as: UTF8.self) == #"{"id":"a\/\"b\""}"#)
    }
}
