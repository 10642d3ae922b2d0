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

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var user: User? { __field("user") }

        /// `User`
        public struct User: GraphQLSelectionSet {
            public static let __parentType = ReferenceSchema.Objects.user
            public static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                .field(GraphQLField("id", .nonNull(.scalar("ID")), leaf: String.self)),
                .field(GraphQLField("name", .nonNull(.scalar("String")), leaf: String.self)),
                .deferred(label: "details", DeferredDetails.self),
            ]

            public let __object: GraphQLCheckedObject

            public init(__object: GraphQLCheckedObject) {
                self.__object = __object
            }

            public var id: String { __field("id") }
            public var name: String { __field("name") }
            public var deferredDetails: DeferredDetails? { __deferred() }

            /// `User`, deferred with the label "details".
            public struct DeferredDetails: GraphQLSelectionSet {
                public static let __parentType = ReferenceSchema.Objects.user
                public static let __selections: [GraphQLSelection] = [
                    .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                    .field(GraphQLField("email", .scalar("String"), leaf: String?.self)),
                    .field(GraphQLField("followerCount", .nonNull(.scalar("Long")), leaf: ReferenceSchema.Long.self)),
                ]

                public let __object: GraphQLCheckedObject

                public init(__object: GraphQLCheckedObject) {
                    self.__object = __object
                }

                public var email: String? { __field("email") }
                public var followerCount: ReferenceSchema.Long { __field("followerCount") }
            }
        }
    }
}
