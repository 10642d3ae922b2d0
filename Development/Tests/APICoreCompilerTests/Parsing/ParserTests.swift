import APICoreCompiler
import Testing

@Suite("Parser")
struct ParserTests {
    private func parse(_ text: String) throws -> Document {
        try Parser.parse(Source(name: "t.graphql", text: text))
    }

    private func type(_ text: String) throws -> TypeDefinition {
        guard case .type(let type) = try parse(text).definitions.first else { throw ParserTestFailure.shape }
        return type
    }

    @Test("shorthand and named operations, variables with defaults and directives")
    func operations() throws {
        let document = try parse(
            "{ a } query ($v: [Int!] = [1] @d) { b } mutation M { c } subscription S @live { d }")
        let operations = document.operations
        #expect(operations.map(\.kind) == [.query, .query, .mutation, .subscription])
        #expect(operations.map(\.name?.value) == [nil, nil, "M", "S"])
        let variable = operations[1].variableDefinitions[0]
        #expect(variable.type.description == "[Int!]")
        #expect(variable.defaultValue == Value(.list([Value(.int("1"))])))
        #expect(variable.directives.map(\.name.value) == ["d"])
        #expect(operations[3].directives.map(\.name.value) == ["live"])
    }

    @Test("keywords are ordinary names where a name is expected")
    func keywordsAsNames() throws {
        let document = try parse(
            "query query($on: on = on) { fragment type: on schema ... on on { extend } ...query } fragment query on on { a }"
        )
        let operation = try #require(document.operations.first)
        #expect(operation.name?.value == "query")
        #expect(operation.variableDefinitions[0].defaultValue == Value(.enumValue("on")))
        let selections = operation.selectionSet.selections
        #expect(selections.count == 5)
        guard case .field(let aliased) = selections[1], case .inlineFragment(let inline) = selections[3],
            case .fragmentSpread(let spread) = selections[4]
        else { throw ParserTestFailure.shape }
        #expect(aliased.alias?.value == "type" && aliased.name.value == "on")
        #expect(inline.typeCondition?.value == "on")
        #expect(spread.name.value == "query")
        #expect(document.fragments.map(\.name.value) == ["query"])
    }

    @Test("commas and comments are ignored wherever they are")
    func ignoredTokens() throws {
        let document = try parse(",,{ # comment\n a,,, b(x: 1,,, y: [1,2,,,3],), # more\n}")
        guard case .field(let field) = try #require(document.operations.first).selectionSet.selections[1] else {
            throw ParserTestFailure.shape
        }
        #expect(field.arguments.count == 2)
        #expect(field.arguments[1].value == Value(.list(["1", "2", "3"].map { Value(.int($0)) })))
    }

    @Test("schema definitions and extensions")
    func schema() throws {
        let document = try parse(
            "\"The schema.\" schema @a { query: Q mutation: M subscription: S } extend schema @b extend schema { query: Q2 }"
        )
        let schemas = document.definitions.compactMap { if case .schema(let node) = $0 { node } else { nil } }
        #expect(schemas.count == 3)
        #expect(schemas[0].description == Description("The schema.", isBlock: false))
        #expect(schemas[0].operationTypes.map(\.operation) == [.query, .mutation, .subscription])
        #expect(schemas[0].operationTypes.map(\.type.value) == ["Q", "M", "S"])
        #expect(schemas.map(\.isExtension) == [false, true, true])
        #expect(schemas[1].directives.map(\.name.value) == ["b"])
        #expect(schemas[2].operationTypes.map(\.type.value) == ["Q2"])
    }

    @Test("object and interface types: interfaces with a leading ampersand, fields, arguments and defaults")
    func objectTypes() throws {
        let object = try type(
            "type A implements & B & C @d { \"f\" f(\"x\" x: Int = 1 @e, y: [In!]!): [Out] @deprecated(reason: \"no\") }"
        )
        guard case .object(let interfaces, let fields) = object.kind else { throw ParserTestFailure.shape }
        #expect(interfaces.map(\.value) == ["B", "C"])
        #expect(object.directives.map(\.name.value) == ["d"])
        #expect(fields[0].description?.value == "f")
        #expect(fields[0].arguments.map(\.name.value) == ["x", "y"])
        #expect(fields[0].arguments[0].description?.value == "x")
        #expect(fields[0].arguments[0].defaultValue == Value(.int("1")))
        #expect(fields[0].arguments[0].directives.map(\.name.value) == ["e"])
        #expect(fields[0].arguments[1].type.description == "[In!]!")
        #expect(fields[0].type.description == "[Out]")
        let interface = try type("interface I implements J & K")
        #expect(interface.kind == .interface(interfaces: [Name("J"), Name("K")], fields: []))
        #expect(try type("type Empty").kind == .object(interfaces: [], fields: []))
    }

    @Test("scalar, union, enum and input types")
    func otherTypes() throws {
        #expect(try type("scalar Date @specifiedBy(url: \"u\")").directives[0].arguments[0].name.value == "url")
        #expect(try type("union U = | A | B").kind == .union(members: [Name("A"), Name("B")]))
        #expect(try type("union U @d").kind == .union(members: []))
        let enumeration = try type("enum E { \"a\" A @d B on }")
        guard case .enumeration(let values) = enumeration.kind else { throw ParserTestFailure.shape }
        #expect(values.map(\.name.value) == ["A", "B", "on"])
        #expect(values[0].description?.value == "a")
        #expect(values[0].directives.map(\.name.value) == ["d"])
        let input = try type("input I @oneOf { a: Int = 1, \"b\" b: [I!] @d }")
        guard case .inputObject(let fields) = input.kind else { throw ParserTestFailure.shape }
        #expect(fields.map(\.name.value) == ["a", "b"])
        #expect(fields[0].defaultValue == Value(.int("1")))
        #expect(fields[1].description?.value == "b")
    }

    @Test("every extension form is marked as an extension")
    func typeExtensions() throws {
        let document = try parse(
            """
            extend scalar S @d
            extend type T implements I
            extend type T @d
            extend type T { f: Int }
            extend interface I implements J
            extend interface I { f: Int }
            extend union U = A
            extend union U @d
            extend enum E { V }
            extend enum E @d
            extend input In { f: Int }
            extend input In @d
            """)
        let types = document.definitions.compactMap { if case .type(let type) = $0 { type } else { nil } }
        #expect(types.count == 12)
        #expect(types.allSatisfy { $0.isExtension })
        #expect(types.allSatisfy { $0.description == nil })
        #expect(types[1].kind == .object(interfaces: [Name("I")], fields: []))
        #expect(types[6].kind == .union(members: [Name("A")]))
    }

    @Test("directive definitions: arguments, repeatable, locations with a leading pipe")
    func directiveDefinitions() throws {
        let document = try parse(
            "\"d\" directive @key(fields: String!) repeatable on | OBJECT | INTERFACE directive @a on FIELD")
        let directives = document.definitions.compactMap { if case .directive(let node) = $0 { node } else { nil } }
        #expect(directives.map(\.name.value) == ["key", "a"])
        #expect(directives[0].description?.value == "d")
        #expect(directives[0].arguments.map(\.name.value) == ["fields"])
        #expect(directives.map(\.isRepeatable) == [true, false])
        #expect(directives[0].locations.map(\.value) == ["OBJECT", "INTERFACE"])
        for location in DirectiveLocation.allCases {
            #expect(throws: Never.self) {
                try Parser.parse(Source(name: "", text: "directive @x on \(location.rawValue)"))
            }
        }
    }

    @Test("executable and type-system definitions mix in one document, in source order")
    func mixedDocument() throws {
        let document = try parse("type Q { a: Int } { a } directive @d on FIELD fragment F on Q { a }")
        #expect(document.definitions.map(\.isExecutable) == [false, true, false, true])
    }
}

/// A parsed document without the expected shape.
enum ParserTestFailure: Error {
    case shape
}
