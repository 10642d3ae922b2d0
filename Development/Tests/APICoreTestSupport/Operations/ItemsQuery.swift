import APICoreGraphQL
import Foundation

/// ```graphql
/// query Items($first: Int, $after: String, $last: Int, $before: String) {
///   items(first: $first, after: $after, last: $last, before: $before) {
///     __typename
///     edges { __typename cursor node { __typename id position title } }
///     pageInfo { __typename hasNextPage hasPreviousPage startCursor endCursor }
///     totalCount
///   }
/// }
/// ```
public struct ItemsQuery: GraphQLQuery {
    public static let operationName = "Items"
    public static let document =
        "query Items($first: Int, $after: String, $last: Int, $before: String) { items(first: $first, after: $after, "
        + "last: $last, before: $before) { __typename edges { __typename cursor node { __typename id position title } }"
        + " pageInfo { __typename hasNextPage hasPreviousPage startCursor endCursor } totalCount } }"

    public var first: GraphQLNullable<Int>
    public var after: GraphQLNullable<String>
    public var last: GraphQLNullable<Int>
    public var before: GraphQLNullable<String>

    public init(
        first: GraphQLNullable<Int> = .none, after: GraphQLNullable<String> = .none,
        last: GraphQLNullable<Int> = .none, before: GraphQLNullable<String> = .none
    ) {
        self.first = first
        self.after = after
        self.last = last
        self.before = before
    }

    public var variables: JSONObject {
        JSONObject(variables: ["first": first, "after": after, "last": last, "before": before])
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.query
        public static let __selections: [GraphQLSelection] = [
            .field(
                GraphQLField(
                    "items", .nonNull(.object(Items.self)),
                    arguments: [
                        ("first", .variable("first")), ("after", .variable("after")), ("last", .variable("last")),
                        ("before", .variable("before")),
                    ]))
        ]

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var items: Items { __field("items") }

        /// `ItemConnection`
        public struct Items: GraphQLSelectionSet {
            public static let __parentType = ReferenceSchema.Objects.itemConnection
            public static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                .field(GraphQLField("edges", .nonNull(.list(.nonNull(.object(Edge.self)))))),
                .field(GraphQLField("pageInfo", .nonNull(.object(PageInfo.self)))),
                .field(GraphQLField("totalCount", .nonNull(.scalar("Int")), leaf: Int.self)),
            ]

            public let __object: GraphQLCheckedObject

            public init(__object: GraphQLCheckedObject) {
                self.__object = __object
            }

            public var edges: [Edge] { __field("edges") }
            public var pageInfo: PageInfo { __field("pageInfo") }
            public var totalCount: Int { __field("totalCount") }

            /// `ItemEdge`
            public struct Edge: GraphQLSelectionSet {
                public static let __parentType = ReferenceSchema.Objects.itemEdge
                public static let __selections: [GraphQLSelection] = [
                    .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                    .field(GraphQLField("cursor", .nonNull(.scalar("String")), leaf: String.self)),
                    .field(GraphQLField("node", .nonNull(.object(Node.self)))),
                ]

                public let __object: GraphQLCheckedObject

                public init(__object: GraphQLCheckedObject) {
                    self.__object = __object
                }

                public var cursor: String { __field("cursor") }
                public var node: Node { __field("node") }

                /// `Item`
                public struct Node: GraphQLSelectionSet {
                    public static let __parentType = ReferenceSchema.Objects.item
                    public static let __selections: [GraphQLSelection] = [
                        .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                        .field(GraphQLField("id", .nonNull(.scalar("ID")), leaf: String.self)),
                        .field(GraphQLField("position", .nonNull(.scalar("Int")), leaf: Int.self)),
                        .field(GraphQLField("title", .nonNull(.scalar("String")), leaf: String.self)),
                    ]

                    public let __object: GraphQLCheckedObject

                    public init(__object: GraphQLCheckedObject) {
                        self.__object = __object
                    }

                    public var id: String { __field("id") }
                    public var position: Int { __field("position") }
                    public var title: String { __field("title") }
                }
            }

            /// `PageInfo`
            public struct PageInfo: GraphQLSelectionSet {
                public static let __parentType = ReferenceSchema.Objects.pageInfo
                public static let __selections: [GraphQLSelection] = [
                    .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                    .field(GraphQLField("hasNextPage", .nonNull(.scalar("Boolean")), leaf: Bool.self)),
                    .field(GraphQLField("hasPreviousPage", .nonNull(.scalar("Boolean")), leaf: Bool.self)),
                    .field(GraphQLField("startCursor", .scalar("String"), leaf: String?.self)),
                    .field(GraphQLField("endCursor", .scalar("String"), leaf: String?.self)),
                ]

                public let __object: GraphQLCheckedObject

                public init(__object: GraphQLCheckedObject) {
                    self.__object = __object
                }

                public var hasNextPage: Bool { __field("hasNextPage") }
                public var hasPreviousPage: Bool { __field("hasPreviousPage") }
                public var startCursor: String? { __field("startCursor") }
                public var endCursor: String? { __field("endCursor") }
            }
        }
    }
}

/// The `items` connection as the reference servers answer it: item n has id `item-n` and cursor base64(`item:n`).
public enum ItemPages {
    public static func cursor(_ position: Int) -> String {
        Data("item:\(position)".utf8).base64EncodedString()
    }

    public static func data(_ positions: [Int], total: Int = 250, titles: [Int: String] = [:]) -> JSONObject {
        let edges = positions.map { position -> JSONValue in
            .object([
                "__typename": "ItemEdge", "cursor": .string(cursor(position)),
                "node": .object([
                    "__typename": "Item", "id": .string("item-\(position)"), "position": .int(Int64(position)),
                    "title": .string(titles[position] ?? "Item \(position)"),
                ]),
            ])
        }
        let pageInfo: JSONObject = [
            "__typename": "PageInfo",
            "hasNextPage": .bool((positions.last ?? total) < total),
            "hasPreviousPage": .bool((positions.first ?? 1) > 1),
            "startCursor": positions.first.map { .string(cursor($0)) } ?? .null,
            "endCursor": positions.last.map { .string(cursor($0)) } ?? .null,
        ]
        return [
            "items": .object([
                "__typename": "ItemConnection", "edges": .array(edges), "pageInfo": .object(pageInfo),
                "totalCount": .int(Int64(total)),
            ])
        ]
    }
}
