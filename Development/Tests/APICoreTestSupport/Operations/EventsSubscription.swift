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

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var events: Events { __field("events") }

        /// `Event`
        public struct Events: GraphQLSelectionSet {
            public static let __parentType = ReferenceSchema.Objects.event
            public static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                .field(GraphQLField("key", .nonNull(.scalar("String")), leaf: String.self)),
                .field(GraphQLField("sequence", .nonNull(.scalar("Int")), leaf: Int.self)),
                .field(GraphQLField("text", .nonNull(.scalar("String")), leaf: String.self)),
            ]

            public let __object: GraphQLCheckedObject

            public init(__object: GraphQLCheckedObject) {
                self.__object = __object
            }

            public var key: String { __field("key") }
            public var sequence: Int { __field("sequence") }
            public var text: String { __field("text") }
        }
    }
}
