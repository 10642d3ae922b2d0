import APICoreTestSupport
import Testing

@testable import APICoreGraphQL

/// The compact text of generated selection tables (`GraphQLSelection.__table`): each form reads as the selection a
/// literal would build, and text that does not read is refused rather than read as something else.
@Suite("Selection tables")
struct SelectionTableTests {
    struct Viewer: GraphQLSelectionSet {
        static var __parentType: GraphQLParentType { .object("User") }
        static var __selections: [GraphQLSelection] { [.__typename] }
        let __object: GraphQLCheckedObject
        init(__object: GraphQLCheckedObject) { self.__object = __object }
    }

    struct Avatar: GraphQLSelectionSet {
        static var __parentType: GraphQLParentType { .object("Image") }
        static var __selections: [GraphQLSelection] { [] }
        let __object: GraphQLCheckedObject
        init(__object: GraphQLCheckedObject) { self.__object = __object }
    }

    static let extra = GraphQLSelection.conditional(.include("full"), [.fragment(Avatar.self)])

    static func read(_ text: String) -> [GraphQLSelection]? {
        var text = text
        return text.withUTF8 { buffer in
            var reader = GraphQLSelectionTableReader(
                text: buffer, objects: [Viewer.self, Avatar.self], leaves: [String.self, Int?.self],
                parentTypes: [.object("Repository"), .interface("Node", possibleTypes: ["User", "Repository"])],
                extras: [extra])
            return reader.selections()
        }
    }

    @Test("each form reads as the selection its literal builds")
    func forms() throws {
        let table = try #require(
            Self.read(
                "t,f id ID! 0,f count:total Int 1 first=10 after=$cursor all=true none=false low=-9223372036854775808,"
                    + "o viewer User! 0,o images [[Image!]]! 1 size=$size,s 1,i 0,k id ID,c 1 id ID owner String,c 0,x 0"
            ))
        let expected: [GraphQLSelection] = [
            .__typename,
            .field(GraphQLField("id", .nonNull(.scalar("ID")), leaf: String.self)),
            .field(
                GraphQLField(
                    "total", alias: "count", .scalar("Int"),
                    arguments: [
                        ("first", .literal(10)), ("after", .variable("cursor")), ("all", .literal(true)),
                        ("none", .literal(false)), ("low", .literal(.int(Int64.min))),
                    ],
                    leaf: Int?.self)),
            .field(GraphQLField("viewer", .nonNull(.object(Viewer.self)))),
            .field(
                GraphQLField(
                    "images", .nonNull(.list(.list(.nonNull(.object(Avatar.self))))),
                    arguments: [("size", .variable("size"))])),
            .fragment(Avatar.self),
            .inlineFragment(Viewer.self),
            .implicitKey("id", "ID"),
            .inlineFragment(
                GraphQLSelectionTree(
                    parentType: .interface("Node", possibleTypes: ["User", "Repository"]),
                    selections: [.__typename, .implicitKey("id", "ID"), .implicitKey("owner", "String")])),
            .inlineFragment(GraphQLSelectionTree(parentType: .object("Repository"), selections: [.__typename])),
            Self.extra,
        ]
        #expect(
            SelectionOutline.lines(of: table, leafTypes: .all) == SelectionOutline.lines(of: expected, leafTypes: .all))
    }

    @Test("empty text is an empty table")
    func empty() {
        #expect(Self.read("")?.isEmpty == true)
        #expect(GraphQLSelection.__table("").isEmpty)
    }

    @Test(
        "text that does not read as selections is refused",
        arguments: [
            "q", "t,", ",t", "t,,t", "t ", "f id ID!", "f id ID! 2", "f id ID! x", "f id ID! -1", "f id ID!! 0",
            "f id [ID 0", "f id ID] 0", "f id [] 0", "f id ! 0", "f 1d ID 0", "f id I-D 0", "f :id ID 0", "f a: ID 0",
            "f a:b:c ID 0", "f id ID 0 first", "f id ID 0 =1", "f id ID 0 first=", "f id ID 0 first=$",
            "f id ID 0 first=$1a", "f id ID 0 first=1x", "f id ID 0 first=-", "f id ID 0 first=--1",
            "f id ID 0 first=1-",
            "f id ID 0 first=-9223372036854775809", "f id ID 0 first=9223372036854775808", "f id ID 0 a=TRUE",
            "f id ID 0  a=1", "o viewer User 2", "s", "s 2", "i 99999999999", "k id", "k id ID String", "k 9 ID",
            "c", "c 2", "c 0 id", "c 0 id ID owner", "x 1", "x", "tt",
        ])
    func refused(_ text: String) {
        #expect(Self.read(text) == nil, "\(text)")
    }
}
