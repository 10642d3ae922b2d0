import APICoreCompiler
import Testing

/// Every node is located at its first token: file, 1-based line, column in Unicode scalars, UTF-8 byte offset.
@Suite("Node locations")
struct LocationTests {
    private func parse(_ text: String) throws -> Document {
        try Parser.parse(Source(name: "doc.graphql", text: text))
    }

    private func place(_ location: APICoreCompiler.SourceLocation) -> String {
        "\(location.line):\(location.column)@\(location.offset)"
    }

    @Test("an operation and its parts")
    func executableLocations() throws {
        let text = """
            query Q($id: ID = 1 @d) @op {
              user: node(id: $id) { ...F @s ... on User { name } }
            }
            """
        let operation = try #require(try parse(text).operations.first)
        #expect(operation.location.file == "doc.graphql")
        #expect(place(operation.location) == "1:1@0")
        #expect(place(try #require(operation.name).location) == "1:7@6")
        let variable = operation.variableDefinitions[0]
        #expect(place(variable.location) == "1:9@8")
        #expect(place(variable.name.location) == "1:10@9")
        #expect(place(variable.type.location) == "1:14@13")
        #expect(place(try #require(variable.defaultValue).location) == "1:19@18")
        #expect(place(variable.directives[0].location) == "1:21@20")
        #expect(place(operation.directives[0].location) == "1:25@24")
        #expect(place(operation.selectionSet.location) == "1:29@28")
        guard case .field(let field) = operation.selectionSet.selections[0] else {
            Issue.record("no field")
            return
        }
        #expect(place(field.location) == "2:3@32")
        #expect(place(try #require(field.alias).location) == "2:3@32")
        #expect(place(field.name.location) == "2:9@38")
        #expect(place(field.arguments[0].location) == "2:14@43")
        #expect(place(field.arguments[0].value.location) == "2:18@47")
        let selections = try #require(field.selectionSet).selections
        #expect(place(try #require(field.selectionSet).location) == "2:23@52")
        #expect(place(selections[0].location) == "2:25@54")
        #expect(place(selections[0].directives[0].location) == "2:30@59")
        #expect(place(selections[1].location) == "2:33@62")
    }

    @Test("type-system definitions start at their description")
    func typeSystemLocations() throws {
        let text = "\"\"\"\nA user.\n\"\"\"\ntype User implements Node {\n  \"The id.\" id(x: Int = 2): ID!\n}\n"
        let document = try parse(text)
        guard case .type(let type) = document.definitions[0], case .object(let interfaces, let fields) = type.kind
        else {
            Issue.record("no object type")
            return
        }
        #expect(place(type.location) == "1:1@0")
        #expect(place(try #require(type.description).location) == "1:1@0")
        #expect(place(type.name.location) == "4:6@21")
        #expect(place(interfaces[0].location) == "4:22@37")
        #expect(place(fields[0].location) == "5:3@46")
        #expect(place(fields[0].name.location) == "5:13@56")
        #expect(place(fields[0].arguments[0].location) == "5:16@59")
        #expect(place(fields[0].type.location) == "5:29@72")
    }

    @Test("columns count Unicode scalars, offsets count UTF-8 bytes")
    func multiByteCharacters() throws {
        let text = "{ a(b: \"é😀\") c # ünïcödé\n  d }"
        let selections = try #require(try parse(text).operations.first).selectionSet.selections
        #expect(place(selections[1].location) == "1:14@17")
        #expect(place(selections[2].location) == "2:3@35")
        #expect(
            ParseErrors.error("# 😀😀\n{ a(b: \"é😀\") c: 0x }") == "2:18: Invalid number, expected digit but got: \"x\".")
    }

    @Test("CRLF and CR each end one line")
    func lineTerminators() throws {
        let crlf = try #require(try parse("{\r\n  a\r\n\r\n  b\r\n}").operations.first).selectionSet.selections
        #expect(crlf.map { place($0.location) } == ["2:3@5", "4:3@12"])
        let cr = try #require(try parse("{\r  a\r\r  b\r}").operations.first).selectionSet.selections
        #expect(cr.map { place($0.location) } == ["2:3@4", "4:3@9"])
        let mixed = try #require(try parse("{\n\r\n\r a }").operations.first).selectionSet.selections
        #expect(mixed.map { place($0.location) } == ["4:2@6"])
    }

    @Test("lines inside block strings and comments are counted")
    func multiLineTokens() throws {
        let text = "# one\n{ a(b: \"\"\"\r\n  x\r  y\n\"\"\") c }"
        let selections = try #require(try parse(text).operations.first).selectionSet.selections
        #expect(place(selections[1].location) == "5:6@31")
    }

    @Test("a byte-order mark is ignored but counts as a column, as in graphql-js")
    func byteOrderMark() throws {
        let operation = try #require(try parse("\u{FEFF}{ a }").operations.first)
        #expect(place(operation.location) == "1:2@3")
    }
}
