import APICoreCodegen
import APICoreTestSupport
import Testing

/// Block strings sent on one line: the document is sent as one line per definition, so every block string in it,
/// wherever a directive or value holds it, is sent as the ordinary string with the same value.
@Suite("Block strings in the sent document", .cpuBound)
struct DocumentDirectiveStringTests {
    @Test("on the operation, a variable and a fragment, a block string is sent as the same value in an ordinary string")
    func blockStringsInDefinitionDirectives() throws {
        let sdl = """
            directive @note(text: String) on QUERY | FRAGMENT_DEFINITION | VARIABLE_DEFINITION | FIELD
            type Query { echo(text: String): String }
            """
        let operations = #"""
            query Echo($text: String = """default
              kept""" @note(text: """variable
              note""")) @note(text: """operation
              note""") { echo(text: $text) ...Echoed }
            fragment Echoed on Query @note(text: """fragment
              note""") { again: echo(text: """field
              value""") }
            """#
        let files = try GeneratorHarness.generate(sdl: sdl, operations: operations)
        let operation = GeneratorHarness.file("Operations/EchoQuery.graphql.swift", in: files)
        let fragment = GeneratorHarness.file("Operations/Echoed.graphql.swift", in: files)
        #expect(
            operation.contains(
                #"query Echo($text: String = \"default\\nkept\" @note(text: \"variable\\nnote\")) "#
                    + #"@note(text: \"operation\\nnote\") { echo(text: $text) ...Echoed }"#))
        #expect(
            fragment.contains(
                #"fragment Echoed on Query @note(text: \"fragment\\nnote\") { __typename again: "#
                    + #"echo(text: \"field\\nvalue\") }"#))
        #expect(!operation.contains(#"\"\"\""#) && !fragment.contains(#"\"\"\""#))
    }
}
