import APICoreCompiler
import Testing

@Suite("Printer")
struct PrinterTests {
    private func reprint(_ text: String) throws -> String {
        Printer.print(try Parser.parse(Source(name: "t.graphql", text: text)))
    }

    @Test("operations and fragments are laid out one selection per line, indented by two spaces")
    func executableLayout() throws {
        let text = """
            query Q($id: ID!, $n: Int = 10 @d) @op { user: node(id: $id) @include(if: true) { ...F,
            ... on User { name } ... @skip(if: false) { id } } }
            fragment F on Node @f { id }
            """
        #expect(
            try reprint(text) == """
                query Q($id: ID!, $n: Int = 10 @d) @op {
                  user: node(id: $id) @include(if: true) {
                    ...F
                    ... on User {
                      name
                    }
                    ... @skip(if: false) {
                      id
                    }
                  }
                }

                fragment F on Node @f {
                  id
                }
                """)
    }

    @Test("a nameless query keeps the shorthand unless it has variables or directives")
    func shorthand() throws {
        #expect(try reprint("query { a }") == "{\n  a\n}")
        #expect(try reprint("query ($a: Int) { a }") == "query ($a: Int) {\n  a\n}")
        #expect(try reprint("query @d { a }") == "query @d {\n  a\n}")
    }

    @Test("arguments go on lines of their own when the field's line would pass 80 characters")
    func longArguments() throws {
        let short = "{ f(first: 10, after: \"cursor\") }"
        #expect(try reprint(short) == "{\n  f(first: 10, after: \"cursor\")\n}")
        let long = "{ repository(owner: \"octocat\", name: \"hello-world\", followRenames: true, first: 100) { id } }"
        #expect(
            try reprint(long) == """
                {
                  repository(
                    owner: "octocat"
                    name: "hello-world"
                    followRenames: true
                    first: 100
                  ) {
                    id
                  }
                }
                """)
    }

    @Test("values: lists, objects, variables, enums, numbers as written")
    func values() throws {
        let value = try Parser.parseValue("{ a: [1, 2.5e3, -0], b: {c: $v, d: RED}, e: null, f: true }")
        #expect(Printer.print(value) == "{a: [1, 2.5e3, -0], b: {c: $v, d: RED}, e: null, f: true}")
        #expect(Printer.print(try Parser.parseType("[ [ID!] ]!")) == "[[ID!]]!")
    }

    @Test("type-system definitions, with descriptions as written")
    func typeSystemLayout() throws {
        let text = """
            "The schema" schema { query: Q }
            \"\"\"
            A thing.
              Indented.
            \"\"\"
            type T implements A & B @d { "one" f(a: Int = 1, b: [S!]! @e): T @deprecated }
            interface A { g("arg" x: X): Y }
            union U @d = A | B
            enum E { "v" V @d W }
            input I { a: Int = 1 @d, b: String }
            scalar S @specifiedBy(url: "https://example.com")
            directive @d(a: Int) repeatable on FIELD | OBJECT
            extend type T @e
            extend union U = C
            extend schema @d
            """
        #expect(
            try reprint(text) == """
                "The schema"
                schema {
                  query: Q
                }

                \"\"\"
                A thing.
                  Indented.
                \"\"\"
                type T implements A & B @d {
                  "one"
                  f(a: Int = 1, b: [S!]! @e): T @deprecated
                }

                interface A {
                  g(
                    "arg"
                    x: X
                  ): Y
                }

                union U @d = A | B

                enum E {
                  "v"
                  V @d
                  W
                }

                input I {
                  a: Int = 1 @d
                  b: String
                }

                scalar S @specifiedBy(url: "https://example.com")

                directive @d(a: Int) repeatable on FIELD | OBJECT

                extend type T @e

                extend union U = C

                extend schema @d
                """)
    }

    @Test("one definition alone, and a document with none")
    func definitionsAlone() throws {
        let document = try Parser.parse(Source(name: "", text: "type A { b: Int }\n{ a }"))
        #expect(Printer.print(document.definitions[0]) == "type A {\n  b: Int\n}")
        #expect(Printer.print(document.definitions[1]) == "{\n  a\n}")
        #expect(Printer.print(Document(definitions: [])) == "")
    }

    @Test("nodes built in code print too")
    func builtNodes() throws {
        let field = Field(
            name: Name("viewer"), selectionSet: SelectionSet(selections: [.field(Field(name: Name("login")))]))
        let operation = OperationDefinition(
            kind: .query, name: Name("Viewer"), selectionSet: SelectionSet(selections: [.field(field)]))
        let document = Document(definitions: [.operation(operation)])
        #expect(Printer.print(document) == "query Viewer {\n  viewer {\n    login\n  }\n}")
        #expect(try Parser.parse(Source(name: "", text: Printer.print(document))) == document)
    }
}
