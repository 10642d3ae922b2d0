import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreCompiler

/// The fast introspection reader: it reads what `JSONSerialization` reads the same way, and turns down the rest.
@Suite(.cpuBound) struct IntrospectionJSONTapeTests {
    /// Every introspection schema of the corpus is read by the fast reader, into the schema `JSONSerialization`'s
    /// result builds.
    @Test(arguments: CorpusSchemaTests.introspectionSchemas)
    func theFastReaderBuildsTheSameSchema(_ relativePath: String) throws {
        let path = SchemaTestSupport.corpusPath(relativePath)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let tape = try #require(IntrospectionJSONTape(data))
        let builder = IntrospectionSchemaBuilder(file: path, options: SchemaBuildOptions())
        let fast = try builder.build(from: data)
        let foundation = try builder.buildWithFoundation(from: data)
        #expect(SchemaPrinter.print(fast) == SchemaPrinter.print(foundation))
        #expect(fast.warnings == foundation.warnings)
        #expect(try (tape.root.member("data") ?? tape.root).member("__schema") != nil)
    }

    /// Strings decode as `JSONSerialization` decodes them: escapes, surrogate pairs, UTF-8.
    @Test func stringsDecodeAsFoundationDecodesThem() throws {
        let text = #"{"a": "tab\there \"q\" \\ \/ \b\f\n\r \u00e9 \ud83d\ude00 é 😀 \u0000"}"#
        let data = Data(text.utf8)
        let tape = try #require(IntrospectionJSONTape(data))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(try tape.root.member("a")?.string() == object["a"] as? String)
    }

    /// Of two equal keys the last wins, and null members are missing, as with `JSONSerialization`.
    @Test func theLastOfEqualKeysWinsAndNullIsMissing() throws {
        let tape = try #require(IntrospectionJSONTape(Data(#"{"a": "first", "b": null, "a": "last"}"#.utf8)))
        #expect(try tape.root.member("a")?.string() == "last")
        #expect(try tape.root.member("b") == nil)
        #expect(try tape.root.member("c") == nil)
    }

    /// What lies outside the subset is left to `JSONSerialization`, valid or not.
    @Test(arguments: [
        "\u{FEFF}{\"a\": 1}", "[1]", "{\"a\": 1e3}", "{\"a\": 1234567890123456}", "{\"a\": \"\\ud800\"}",
        "{\"a\": \"\\udc00\"}", "{\"\\u0061\": 1}", "{\"é\": 1}", "{\"a\": \"\u{1}\"}", "{\"a\": 1} x", "{\"a\": 01}",
        "{\"a\": \"\\x\"}", "{\"a\": [1,]}", "{\"a\": 1,}", "{\"a\": tru}", "{\"a\": \"unterminated}",
        "{\"a\": " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
    ])
    func theFastReaderTurnsDownTheRest(_ text: String) {
        #expect(IntrospectionJSONTape(Data(text.utf8)) == nil)
    }

    /// Invalid UTF-8 is left to `JSONSerialization`.
    @Test func invalidUTF8IsTurnedDown() {
        for bytes: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            let data = Data(#"{"a": ""#.utf8) + Data(bytes) + Data(#""}"#.utf8)
            #expect(IntrospectionJSONTape(data) == nil)
        }
    }
}
