import APICoreGraphQL

/// ```graphql
/// query UserDeferred($id: ID!) {
///   user(id: $id) { __typename id name ... @defer(label: "details") { __typename email followerCount } }
/// }
/// ```
public struct UserDeferredQuery: GraphQLQuery {
    public static let operationName = "UserDeferred"
    public static let document =
        "query UserDeferred($id: ID!) { user(id: $id) { __typename id name ... @defer(label: \"details\") { __typename email followerCount } } }"

    public var id: String

    public init(id: String) {
        self.id = id
    }

    public var variables: JSONObject {
        JSONObject(variables: ["id": id])
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.query
        public static let __selections: [GraphQLSelection] = [
            .field(GraphQLField("user", .object(User.self), arguments: [("id", .variable("id"))]))
        ]

        public let __data: JSONObject
        public let user: User?

        public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
            __data = reader.object
            user = try reader.field("user")
        }

        /// `User`
        public struct User: GraphQLSelectionSet {
            public static let __parentType = ReferenceSchema.Objects.user
            public static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                .field(GraphQLField("id", .nonNull(.scalar("ID")))),
                .field(GraphQLField("name", .nonNull(.scalar("String")))),
                .deferred(label: "details", DeferredDetails.self),
            ]

            public let __data: JSONObject
            public let id: String
            public let name: String
            public let deferredDetails: DeferredDetails?

            public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
                __data = reader.object
                id = try reader.field("id")
                name = try reader.field("name")
                deferredDetails = try reader.deferred(DeferredDetails.self)
            }

            /// `User`, deferred with the label "details".
            public struct DeferredDetails: GraphQLSelectionSet {
                public static let __parentType = ReferenceSchema.Objects.user
                public static let __selections: [GraphQLSelection] = [
                    .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                    .field(GraphQLField("email", .scalar("String"))),
                    .field(GraphQLField("followerCount", .nonNull(.scalar("Long")))),
                ]

                public let __data: JSONObject
                public let email: String?
                public let followerCount: ReferenceSchema.Long

                public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
                    __data = reader.object
                    email = try reader.field("email")
                    followerCount = try reader.field("followerCount")
                }
            }
        }
    }
}
