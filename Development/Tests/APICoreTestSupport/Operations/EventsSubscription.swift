import APICoreGraphQL

/// ```graphql
/// subscription Events($key: String!) { events(key: $key) { __typename key sequence text } }
/// ```
public struct EventsSubscription: GraphQLSubscription {
    public static let operationName = "Events"
    public static let document =
        "subscription Events($key: String!) { events(key: $key) { __typename key sequence text } }"

    public var key: String

    public init(key: String) {
        self.key = key
    }

    public var variables: JSONObject {
        JSONObject(variables: ["key": key])
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.subscription
        public static let __selections: [GraphQLSelection] = [
            .field(GraphQLField("events", .nonNull(.object(Events.self)), arguments: [("key", .variable("key"))]))
        ]

        public let __data: JSONObject
        public let events: Events

        public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
            __data = reader.object
            events = try reader.field("events")
        }

        /// `Event`
        public struct Events: GraphQLSelectionSet {
            public static let __parentType = ReferenceSchema.Objects.event
            public static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                .field(GraphQLField("key", .nonNull(.scalar("String")))),
                .field(GraphQLField("sequence", .nonNull(.scalar("Int")))),
                .field(GraphQLField("text", .nonNull(.scalar("String")))),
            ]

            public let __data: JSONObject
            public let key: String
            public let sequence: Int
            public let text: String

            public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
                __data = reader.object
                key = try reader.field("key")
                sequence = try reader.field("sequence")
                text = try reader.field("text")
            }
        }
    }
}
