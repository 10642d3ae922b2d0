import APICoreCodegen
import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

/// Schemas and documents written to smuggle code or hidden text into generated Swift. What the generated escaping
/// corpus does when run is in ``GeneratedEscapingTests``; these are the generator's rules, one input at a time.
@Suite("Code injection", .cpuBound)
struct CodeInjectionTests {
    /// Bidirectional controls, zero-width characters, a line separator and NUL, as GraphQL escapes.
    static let hiddenEscapes = #"\u202E\u2066\u2069\u200F\u200B\uFEFF\u2028\u0000"#

    /// Whether `text` holds a character a reader of the code would not see, other than the joiners emoji need.
    static func hasHiddenCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control: scalar != "\n"
            case .format: scalar != "\u{200D}" && scalar != "\u{200C}"
            case .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
    }

    @Test("hidden characters in descriptions, reasons, literals and defaults are written as escapes, never raw")
    func hiddenCharactersAreEscaped() throws {
        let sdl = """
            type Query {
              "Text \(Self.hiddenEscapes) end"
              echo(text: String): String @deprecated(reason: "Reason \(Self.hiddenEscapes) end")
            }
            """
        let files = try GeneratorHarness.generate(
            sdl: sdl,
            operations: """
                query Echo($text: String = "Default \(Self.hiddenEscapes) end") {
                  a: echo(text: $text)
                  b: echo(text: "Literal \(Self.hiddenEscapes) end")
                }
                """)
        let operation = GeneratorHarness.file("Operations/EchoQuery.graphql.swift", in: files)
        for file in files {
            #expect(!Self.hasHiddenCharacter(file.contents), "\(file.path) has a hidden character")
        }
        let escapes = #"\u{202e}\u{2066}\u{2069}\u{200f}\u{200b}\u{feff}\u{2028}"#
        #expect(operation.contains("/// Text \(escapes)\\u{0} end\n"))
        #expect(operation.contains(#"@available(*, deprecated, message: "Reason \#(escapes)\0 end")"#))
        #expect(operation.contains(#"("text", .literal("Literal \#(escapes)\0 end"))"#))
        // The document keeps GraphQL's escape for NUL and Swift's for the rest: the server reads the same text.
        #expect(operation.contains(#"b: echo(text: \"Literal \#(escapes)\\u0000 end\")"#))
        #expect(operation.contains(#"/// Defaults to `"Default \#(escapes)\u0000 end"` when absent."#))
    }

    @Test("a description that tries to end its comment stays in the comment, one /// line for each of its lines")
    func descriptionCannotLeaveItsComment() throws {
        let description = #"a */ b\rlet injected = 1\r\n/* c\n#if false\n\u2028let alsoInjected = 2"#
        let files = try GeneratorHarness.generate(
            sdl: "type Query {\n  \"\(description)\"\n  echo: String\n}", operations: "query Echo { echo }")
        let operation = GeneratorHarness.file("Operations/EchoQuery.graphql.swift", in: files)
        let lines = operation.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let comment = lines.filter { $0.hasPrefix("///") }
        #expect(
            comment == [
                "/// a */ b", "/// let injected = 1", "/// /* c", "/// #if false", #"/// \u{2028}let alsoInjected = 2"#,
            ])
        #expect(!lines.contains { !$0.hasPrefix("///") && ($0.contains("injected") || $0.contains("#if")) })
    }

    @Test(
        "a schema type named like a Swift or runtime type the namespace uses gets a trailing underscore",
        arguments: ["Bool", "Double", "JSONObject", "GraphQLNullable", "Objects", "typePolicies"])
    func schemaTypeNamesDoNotShadow(_ name: String) throws {
        let sdl = """
            type Query { echo(value: \(name), flag: Boolean): String }
            input \(name) { flag: Boolean, count: Int, ratio: Float }
            """
        let files = try GeneratorHarness.generate(
            sdl: sdl, operations: "query Echo($value: \(name)) { echo(value: $value, flag: true) }")
        let inputs = GeneratorHarness.file("Schema/TestAPI+InputObjects.graphql.swift", in: files)
        #expect(inputs.contains("public nonisolated struct \(name)_: GraphQLInputObject {"))
        #expect(inputs.contains("public var flag: GraphQLNullable<Bool>"))
        #expect(inputs.contains("public var count: GraphQLNullable<Int>"))
        let operation = GeneratorHarness.file("Operations/EchoQuery.graphql.swift", in: files)
        #expect(operation.contains("public var value: GraphQLNullable<TestAPI.\(name)_>"))
    }

    @Test("a fragment or a field named like the class selection sets inherit from does not hide it")
    func selectionSetNamesDoNotShadowTheirSuperclass() throws {
        let files = try GeneratorHarness.generate(
            sdl: "type Query { graphQLSelectionSetObject: Thing }\ntype Thing { id: ID! }",
            operations: """
                query Q { graphQLSelectionSetObject { ...GraphQLCheckedObject } }
                fragment GraphQLCheckedObject on Thing { id }
                """)
        let operation = GeneratorHarness.file("Operations/QQuery.graphql.swift", in: files)
        #expect(operation.contains("final class GraphQLSelectionSetObject_: GraphQLSelectionSetObject,"))
        #expect(operation.contains("public var graphQLSelectionSetObject: GraphQLSelectionSetObject_?"))
        let fragment = GeneratorHarness.file("Operations/GraphQLCheckedObject_.graphql.swift", in: files)
        #expect(fragment.contains("final class GraphQLCheckedObject_: GraphQLSelectionSetObject, GraphQLFragment,"))
        #expect(!operation.contains("class GraphQLSelectionSetObject:"))
    }

    @Test("a custom scalar named JSONObject is a type alias that does not hide the runtime's JSONObject")
    func customScalarNamedLikeRuntimeType() throws {
        let files = try GeneratorHarness.generate(
            sdl: "scalar JSONObject\ntype Query { echo(value: JSONObject, options: Options): String }\n"
                + "input Options { value: JSONObject }",
            operations: "query Echo($value: JSONObject, $options: Options) { echo(value: $value, options: $options) }")
        let namespace = GeneratorHarness.file("Schema/TestAPI.graphql.swift", in: files)
        #expect(namespace.contains("public typealias JSONObject_ = String"))
        let inputs = GeneratorHarness.file("Schema/TestAPI+InputObjects.graphql.swift", in: files)
        #expect(inputs.contains("public var value: GraphQLNullable<TestAPI.JSONObject_>"))
        #expect(inputs.contains("public var fields: JSONObject {"))
    }

    @Test(
        "an alias __typename on another field is an error at the alias, not a request the server would reject",
        arguments: [
            ("query Q { thing { __typename: name } }", "operations.graphql:1:19:"),
            ("query Q { __typename: thing { name } }", "operations.graphql:1:11:"),
            ("query Q { thing { ...F } }\nfragment F on Thing { self __typename: name }", "operations.graphql:2:28:"),
        ])
    func typenameAliasIsRejected(_ operations: String, _ location: String) {
        let sdl = "type Query { thing: Thing }\ntype Thing { name: String, self: String }"
        #expect {
            try GeneratorHarness.generate(sdl: sdl, operations: operations)
        } throws: { error in
            "\(error)".hasPrefix(location + #" error: The alias "__typename" is reserved"#)
        }
    }

    @Test("__typename under its own name or another alias is still generated and sent")
    func typenameUnderAnotherAlias() throws {
        let files = try GeneratorHarness.generate(
            sdl: "type Query { thing: Thing }\ntype Thing { name: String }",
            operations: "query Q { thing { __typename: __typename kind: __typename name } }")
        let operation = GeneratorHarness.file("Operations/QQuery.graphql.swift", in: files)
        #expect(
            operation.contains(
                #"document: String { "query Q { thing { __typename __typename: __typename kind: __typename name } }" }"#
            ))
        #expect(operation.contains(#"public var kind: String { __field("kind") }"#))
    }

    @Test(
        "a name with a character GraphQL does not allow in names fails with its position and code point",
        arguments: [
            (
                "type Query {\n  caf\u{E9}: String\n}",
                "schema.graphqls:2:6: error: Syntax Error: Unexpected character: U+00E9."
            ),
            (
                "type Query {\n  a\u{202E}b: String\n}",
                "schema.graphqls:2:4: error: Syntax Error: Unexpected character: U+202E."
            ),
            (
                "type Query {\n  a\u{200B}b: String\n}",
                "schema.graphqls:2:4: error: Syntax Error: Unexpected character: U+200B."
            ),
            // A Cyrillic "а" that looks like a Latin "a".
            (
                "enum E {\n  \u{430}\n}\ntype Query { e: E }",
                "schema.graphqls:2:3: error: Syntax Error: Unexpected character: U+0430."
            ),
        ])
    func nonASCIINamesAreRejected(_ sdl: String, _ message: String) {
        #expect {
            try GeneratorHarness.generate(sdl: sdl, operations: "{ __typename }")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}
