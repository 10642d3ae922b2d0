import APICoreGraphQL

/// ```graphql
/// query StreamedItems($count: Int!, $gate: String) {
///   streamedItems(count: $count, gate: $gate) @stream(initialCount: 1) { __typename id position title }
/// }
/// ```
///
/// Item 1 comes in the first payload; with a gate, item n (n >= 2) is produced by the strawberry reference server only
/// once the test opens the gate `<gate>-<n>`, and arrives in a payload of its own.
public struct StreamedItemsQuery: GraphQLQuery {
    public static let operationName = "StreamedItems"
    public static let document =
        "query StreamedItems($count: Int!, $gate: String) { streamedItems(count: $count, gate: $gate) "
        + "@stream(initialCount: 1) { __typename id position title } }"
    public static let operationIdentifier: String? = "a5a42e472ee27f04211138687196d3c42c88d29257fd0ee2a17d61867d2c7289"

    public var count: Int
    public var gate: GraphQLNullable<String>

    public init(count: Int, gate: GraphQLNullable<String> = .none) {
        self.count = count
        self.gate = gate
    }

    public var variables: JSONObject {
        JSONObject(variables: ["count": count, "gate": gate])
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.query
        public static let __selections: [GraphQLSelection] = [
            .field(
                GraphQLField(
                    "streamedItems", .nonNull(.list(.nonNull(.object(Item.self)))),
                    arguments: [("count", .variable("count")), ("gate", .variable("gate"))]))
        ]

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var streamedItems: [Item] { __field("streamedItems") }

        /// `Item`
        public struct Item: GraphQLSelectionSet {
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
}
