import APICoreCodegen
import Testing

/// What the generator writes for the defaults an operation declares for its variables: `variableDefaults`, the values
/// the server coerces them to, as `JSONValue` literals. Generated code using them is run in
/// ``GeneratedVariableDefaultsTests``.
@Suite("Variable defaults template")
struct VariableDefaultsTemplateTests {
    static let sdl = """
        scalar Long
        enum Kind { A, B }
        input Options { kind: Kind, tags: [String!], limit: Float, nested: Options }
        type Query {
          search(
            text: String, kind: Kind, kinds: [Kind], options: Options, ratio: Float, first: Int, id: ID, ids: [ID!],
            flag: Boolean, big: Long, any: Long, huge: Long, price: Float
          ): String
        }
        """

    /// The generated `Search` operation's `variableDefaults` declaration and its member lines.
    static func declaration(
        _ operations: String, accessLevel: CodegenConfiguration.AccessLevel = .public
    ) throws -> [Substring] {
        let files = try GeneratorHarness.generate(
            sdl: sdl, operations: operations, customScalars: ["Long": "Int64"], accessLevel: accessLevel)
        let text = GeneratorHarness.file("Operations/SearchQuery.graphql.swift", in: files)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.contains("variableDefaults") }) else { return [] }
        guard lines[start].hasSuffix("[") else { return [lines[start]] }
        let end = lines[start...].firstIndex { $0 == "  ]" } ?? lines.endIndex - 1
        return Array(lines[start...end])
    }

    @Test("each default is the JSON the server coerces it to: escapes kept, enums as names, numbers by their type")
    func defaultsAreExactJSON() throws {
        let lines = try Self.declaration(
            #"""
            query Search(
              $text: String = "a \"quote\" \\ \n \u0000 \u202E \uD83D\uDE00 é"
              $kind: Kind = B
              $kinds: [Kind] = A
              $options: Options = {kind: A, tags: "x", limit: 3, nested: {nested: null}}
              $ratio: Float = 2
              $first: Int = -7
              $id: ID = 42
              $ids: [ID!] = [1, "two"]
              $flag: Boolean = false
              $big: Long = 9223372036854775808
              $any: Long = 1.50e2
              $huge: Long = 18446744073709551615
              $price: Float = 0.1000000000000000000001
              $none: String
            ) {
              search(
                text: $text, kind: $kind, kinds: $kinds, options: $options, ratio: $ratio, first: $first, id: $id,
                ids: $ids, flag: $flag, big: $big, any: $any, huge: $huge, price: $price
              )
              other: search(text: $none)
            }
            """#)
        let expected = [
            "  public static let variableDefaults: JSONObject = [",
            #"    "text": "a \"quote\" \\ \n \0 \u{202e} 😀 é","#,
            #"    "kind": "B","#,
            #"    "kinds": ["A"],"#,
            #"    "options": ["kind": "A", "tags": ["x"], "limit": 3.0, "nested": ["nested": nil]],"#,
            #"    "ratio": 2.0,"#,
            #"    "first": -7,"#,
            #"    "id": "42","#,
            #"    "ids": ["1", "two"],"#,
            #"    "flag": false,"#,
            #"    "big": 9.223372036854776e+18,"#,
            #"    "any": 150.0,"#,
            // A custom scalar's number keeps digits a double cannot hold; a Float is the double the server makes.
            #"    "huge": .numberText("18446744073709551615"),"#,
            #"    "price": 0.1,"#,
            "  ]",
        ]
        #expect(lines == expected[...].map { Substring($0) })
    }

    @Test("a null default is JSON null, and short defaults stay on one line under the configured access level")
    func nullDefaultAndAccessLevel() throws {
        let operations = """
            query Search($text: String = null, $flag: Boolean = true) { search(text: $text, flag: $flag) }
            """
        #expect(
            try Self.declaration(operations)
                == [#"  public static let variableDefaults: JSONObject = ["text": nil, "flag": true]"#])
        #expect(
            try Self.declaration(operations, accessLevel: .internal)
                == [#"  static let variableDefaults: JSONObject = ["text": nil, "flag": true]"#])
    }

    @Test("an operation whose variables have no defaults declares no variableDefaults")
    func noDefaultsNoDeclaration() throws {
        #expect(try Self.declaration("query Search($text: String) { search(text: $text) }").isEmpty)
        #expect(try Self.declaration("query Search { search }").isEmpty)
    }
}
