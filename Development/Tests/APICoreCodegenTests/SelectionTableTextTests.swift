import APICoreCompiler
import APICoreTestSupport
import Testing

@testable import APICoreCodegen
@testable import APICoreGraphQL

/// The generator's compact selection tables, read back by the runtime: seeded random tables of every form the text
/// has (aliases, arguments, nested list and non-null types, spreads, type cases, implicit keys and extras) read as
/// the selections their literals build, in order.
@Suite("Selection table text")
struct SelectionTableTextTests {
    struct Viewer: GraphQLSelectionSet {
        static var __parentType: GraphQLParentType { .object("User") }
        static var __selections: [GraphQLSelection] { [] }
        let __object: GraphQLCheckedObject
        init(__object: GraphQLCheckedObject) { self.__object = __object }
    }

    struct Avatar: GraphQLSelectionSet {
        static var __parentType: GraphQLParentType { .interface("Image", possibleTypes: ["Photo"]) }
        static var __selections: [GraphQLSelection] { [] }
        let __object: GraphQLCheckedObject
        init(__object: GraphQLCheckedObject) { self.__object = __object }
    }

    /// What the generator would write as Swift for each type, with the value that code stands for.
    static let leaves: [(swift: String, type: any GraphQLLeafValue.Type)] = [
        ("String", String.self), ("Int?", Int?.self), ("[Bool]", [Bool].self), ("[Double?]?", [Double?]?.self),
    ]
    static let objects: [(swift: String, type: any GraphQLSelectionSet.Type)] = [
        ("Viewer", Viewer.self), ("Avatar", Avatar.self),
    ]
    static let parentTypes: [(swift: String, type: GraphQLParentType)] = [
        ("API.Objects.Repository", .object("Repository")),
        ("API.Interfaces.Node", .interface("Node", possibleTypes: ["User", "Repository"])),
    ]
    static let extras: [(swift: String, selection: GraphQLSelection)] = [
        (".conditional(.include(\"a\"), [.__typename])", .conditional(.include("a"), [.__typename])),
        (".deferred(label: nil, Avatar.self)", .deferred(label: nil, Avatar.self)),
    ]

    @Test("seeded random tables read back as the selections they were written from", arguments: 0..<300)
    func roundTrip(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var table = SelectionTableText()
        var expected: [GraphQLSelection] = []
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            switch Int.random(in: 0..<8, using: &random) {
            case 0:
                table.typename()
                expected.append(.__typename)
            case 1, 2:
                let name = Self.name(&random)
                let alias = Bool.random(using: &random) ? Self.name(&random) : nil
                let key = alias.map { "\($0):\(name)" } ?? name
                let (reference, type) = Self.type(&random, named: nil)
                var arguments: [String] = []
                var values: [(name: String, value: GraphQLArgumentValue)] = []
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    let (argument, value, runtime) = Self.argument(&random)
                    arguments.append(try #require(SelectionTableText.argument(argument, value)))
                    values.append((argument, runtime))
                }
                if Bool.random(using: &random) {
                    let leaf = Self.leaves.randomElement(using: &random)!
                    table.leafField(key, type: reference, swiftType: leaf.swift, arguments: arguments)
                    expected.append(
                        .field(GraphQLField(name, alias: alias, type, arguments: values, leaf: leaf.type)))
                } else {
                    let object = Self.objects.randomElement(using: &random)!
                    let (reference, type) = Self.type(&random, named: .object(object.type))
                    table.objectField(key, type: reference, swiftType: object.swift, arguments: arguments)
                    expected.append(.field(GraphQLField(name, alias: alias, type, arguments: values)))
                }
            case 3:
                let object = Self.objects.randomElement(using: &random)!
                table.fragmentSpread(object.swift)
                expected.append(.fragment(object.type))
            case 4:
                let object = Self.objects.randomElement(using: &random)!
                table.typeCase(object.swift)
                expected.append(.inlineFragment(object.type))
            case 5:
                let (name, typeName) = (Self.name(&random), Self.name(&random))
                table.implicitKey(name, typeName: typeName)
                expected.append(.implicitKey(name, typeName))
            case 6:
                let parent = Self.parentTypes.randomElement(using: &random)!
                let keys = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    (name: Self.name(&random), typeName: Self.name(&random))
                }
                table.implicitKeyCase(parentType: parent.swift, keys: keys)
                expected.append(
                    .inlineFragment(
                        GraphQLSelectionTree(
                            parentType: parent.type,
                            selections: [.__typename] + keys.map { .implicitKey($0.name, $0.typeName) })))
            default:
                let extra = Self.extras.randomElement(using: &random)!
                table.extra(extra.swift)
                expected.append(extra.selection)
            }
        }
        let read = try #require(Self.read(table), "seed \(seed): \(table.text)")
        #expect(
            SelectionOutline.lines(of: read, leafTypes: .all) == SelectionOutline.lines(of: expected, leafTypes: .all),
            "seed \(seed)")
    }

    @Test("values the text has no form for are left to the field's extra")
    func argumentsWithoutForm() {
        #expect(SelectionTableText.argument("after", Value(.string("x", isBlock: false))) == nil)
        #expect(SelectionTableText.argument("order", Value(.enumValue("ASC"))) == nil)
        #expect(SelectionTableText.argument("at", Value(.float("1.5"))) == nil)
        #expect(SelectionTableText.argument("at", Value(.null)) == nil)
        #expect(SelectionTableText.argument("ids", Value(.list([Value(.int("1"))]))) == nil)
        #expect(SelectionTableText.argument("big", Value(.int("9223372036854775808"))) == nil)
        #expect(SelectionTableText.argument("first", Value(.int("-12"))) == "first=-12")
    }

    @Test("a table of extras alone is their literal, and an empty table is empty")
    func declarations() {
        var extrasOnly = SelectionTableText()
        extrasOnly.extra(".__typename")
        #expect(
            extrasOnly.declaration(indent: "") == [
                "private static let __selectionTable: [GraphQLSelection] = [", "    .__typename,", "]",
            ])
        #expect(
            SelectionTableText().declaration(indent: "") == [
                "private static let __selectionTable: [GraphQLSelection] = []"
            ])
    }

    @Test("a field with one argument the text cannot hold is written out whole, in its place among the others")
    func generatedFallback() throws {
        let sdl = """
            enum Order { ASC DESC }
            type Item { id: ID! name(upper: Boolean): String }
            type Query { items(first: Int, order: Order, after: String): [Item!]! }
            """
        let files = try GeneratorHarness.generate(
            sdl: sdl,
            operations: """
                query Q($after: String) {
                  sorted: items(first: 5, order: DESC) { id }
                  page: items(first: -3, after: $after) { name(upper: true) }
                }
                """)
        let code = GeneratorHarness.file("Operations/QQuery.graphql.swift", in: files)
        #expect(code.contains("\"x 0,o page:items [Item!]! 0 first=-3 after=$after\""))
        #expect(
            code.contains(
                """
                .field(GraphQLField("items", alias: "sorted", .nonNull(.list(.nonNull(.object(Sorted.self)))), \
                arguments: [("first", .literal(5)), ("order", .literal("DESC"))])),
                """))
        #expect(code.contains("\"t,f name String 0 upper=true,k id ID\""))
    }

    /// The runtime's reading of the table, with the Swift types it names resolved to the values they stand for.
    static func read(_ table: SelectionTableText) -> [GraphQLSelection]? {
        let objects = table.objects.map { name in Self.objects.first { $0.swift == name }!.type }
        let leaves = table.leaves.map { name in Self.leaves.first { $0.swift == name }!.type }
        let parentTypes = table.parentTypes.map { name in Self.parentTypes.first { $0.swift == name }!.type }
        let extras = table.extras.map { name in Self.extras.first { $0.swift == name }!.selection }
        var text = table.text
        return text.withUTF8 { buffer in
            var reader = GraphQLSelectionTableReader(
                text: buffer, objects: objects, leaves: leaves, parentTypes: parentTypes, extras: extras)
            return reader.selections()
        }
    }

    /// A GraphQL name: `[_A-Za-z][_0-9A-Za-z]*`.
    static func name(_ random: inout SeededGenerator) -> String {
        let first = Array("_abcxyzABCXYZ")
        let rest = first + Array("0189")
        return String(first.randomElement(using: &random)!)
            + String((0..<Int.random(in: 0...8, using: &random)).map { _ in rest.randomElement(using: &random)! })
    }

    /// A type reference in list and non-null wrappers, as written and as the runtime's type.
    static func type(_ random: inout SeededGenerator, named: GraphQLOutputType?) -> (String, GraphQLOutputType) {
        let name = Self.name(&random)
        var reference = name
        var type = named ?? .scalar(name)
        var isNonNull = false
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            if !isNonNull && Bool.random(using: &random) {
                reference += "!"
                type = .nonNull(type)
                isNonNull = true
            } else {
                reference = "[\(reference)]"
                type = .list(type)
                isNonNull = false
            }
        }
        return (reference, type)
    }

    /// An argument the text has a form for: its name, its value in a document and the runtime's value.
    static func argument(_ random: inout SeededGenerator) -> (String, Value, GraphQLArgumentValue) {
        let name = Self.name(&random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let variable = Self.name(&random)
            return (name, Value(.variable(variable)), .variable(variable))
        case 1:
            let flag = Bool.random(using: &random)
            return (name, Value(.boolean(flag)), .literal(.bool(flag)))
        default:
            let number = [Int64.min, Int64.max, 0, -1].randomElement(using: &random)!
            let value = Bool.random(using: &random) ? number : Int64.random(in: .min ... .max, using: &random)
            return (name, Value(.int(String(value))), .literal(.int(value)))
        }
    }
}
