import APICoreGraphQL

/// ```graphql
/// subscription UnknownField { noSuchField }
/// ```
///
/// Invalid against the reference schema on purpose: servers reject it before running it.
public struct UnknownFieldSubscription: GraphQLSubscription {
    public static let operationName = "UnknownField"
    public static let document = "subscription UnknownField { noSuchField }"

    public init() {}

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.subscription
        public static let __selections: [GraphQLSelection] = [
            .field(GraphQLField("noSuchField", .scalar("Int"), leaf: Int?.self))
        ]

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var noSuchField: Int? { __field("noSuchField") }
    }
}
