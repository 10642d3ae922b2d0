import APICoreGraphQL

/// ```graphql
/// subscription FailAfter($count: Int!) { failAfter(count: $count) }
/// ```
public struct FailAfterSubscription: GraphQLSubscription {
    public static let operationName = "FailAfter"
    public static let document = "subscription FailAfter($count: Int!) { failAfter(count: $count) }"

    public var count: Int

    public init(count: Int) {
        self.count = count
    }

    public var variables: JSONObject {
        JSONObject(variables: ["count": count])
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.subscription
        public static let __selections: [GraphQLSelection] = [
            .field(
                GraphQLField(
                    "failAfter", .nonNull(.scalar("Int")), arguments: [("count", .variable("count"))], leaf: Int.self))
        ]

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var failAfter: Int { __field("failAfter") }
    }
}
