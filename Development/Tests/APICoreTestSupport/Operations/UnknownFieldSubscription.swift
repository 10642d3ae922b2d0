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
            .field(GraphQLField("noSuchField", .scalar("Int")))
        ]

        public let __data: JSONObject
        public let noSuchField: Int?

        public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
            __data = reader.object
            noSuchField = try reader.field("noSuchField")
        }
    }
}
