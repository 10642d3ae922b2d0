import APICoreGraphQL

/// ```graphql
/// subscription Countdown($from: Int!, $intervalMs: Int!) { countdown(from: $from, intervalMs: $intervalMs) }
/// ```
public struct CountdownSubscription: GraphQLSubscription {
    public static let operationName = "Countdown"
    public static let document =
        "subscription Countdown($from: Int!, $intervalMs: Int!) { countdown(from: $from, intervalMs: $intervalMs) }"

    public var from: Int
    public var intervalMs: Int

    public init(from: Int, intervalMs: Int = 0) {
        self.from = from
        self.intervalMs = intervalMs
    }

    public var variables: JSONObject {
        JSONObject(variables: ["from": from, "intervalMs": intervalMs])
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.subscription
        public static let __selections: [GraphQLSelection] = [
            .field(
                GraphQLField(
                    "countdown", .nonNull(.scalar("Int")),
                    arguments: [("from", .variable("from")), ("intervalMs", .variable("intervalMs"))], leaf: Int.self))
        ]

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var countdown: Int { __field("countdown") }
    }
}
