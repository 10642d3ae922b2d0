import APICoreGraphQL

/// ```graphql
/// subscription Ticks($after: Int!, $intervalMs: Int!) { ticks(after: $after, intervalMs: $intervalMs) { sequence server } }
/// ```
public struct TicksSubscription: GraphQLSubscription {
    public static let operationName = "Ticks"
    public static let document =
        "subscription Ticks($after: Int!, $intervalMs: Int!) { ticks(after: $after, intervalMs: $intervalMs) { sequence server } }"

    public var after: Int
    public var intervalMs: Int

    public init(after: Int = 0, intervalMs: Int = 50) {
        self.after = after
        self.intervalMs = intervalMs
    }

    public var variables: JSONObject {
        JSONObject(variables: ["after": after, "intervalMs": intervalMs])
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.subscription
        public static let __selections: [GraphQLSelection] = [
            .field(
                GraphQLField(
                    "ticks", .nonNull(.object(Ticks.self)),
                    arguments: [("after", .variable("after")), ("intervalMs", .variable("intervalMs"))]))
        ]

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var ticks: Ticks { __field("ticks") }

        /// `Tick`
        public struct Ticks: GraphQLSelectionSet {
            public static let __parentType = ReferenceSchema.Objects.tick
            public static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("sequence", .nonNull(.scalar("Int")), leaf: Int.self)),
                .field(GraphQLField("server", .nonNull(.scalar("String")), leaf: String.self)),
            ]

            public let __object: GraphQLCheckedObject

            public init(__object: GraphQLCheckedObject) {
                self.__object = __object
            }

            public var sequence: Int { __field("sequence") }
            public var server: String { __field("server") }
        }
    }
}
