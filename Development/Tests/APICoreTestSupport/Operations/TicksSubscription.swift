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

        public let __data: JSONObject
        public let ticks: Ticks

        public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
            __data = reader.object
            ticks = try reader.field("ticks")
        }

        /// `Tick`
        public struct Ticks: GraphQLSelectionSet {
            public static let __parentType = ReferenceSchema.Objects.tick
            public static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("sequence", .nonNull(.scalar("Int")))),
                .field(GraphQLField("server", .nonNull(.scalar("String")))),
            ]

            public let __data: JSONObject
            public let sequence: Int
            public let server: String

            public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
                __data = reader.object
                sequence = try reader.field("sequence")
                server = try reader.field("server")
            }
        }
    }
}
