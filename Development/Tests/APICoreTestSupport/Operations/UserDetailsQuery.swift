import APICoreGraphQL

/// ```graphql
/// query UserDetails($id: ID!, $withEmail: Boolean!) {
///   user(id: $id) { __typename ...UserFields email @include(if: $withEmail) }
/// }
/// ```
public struct UserDetailsQuery: GraphQLQuery {
    public static let operationName = "UserDetails"
    public static let document =
        "query UserDetails($id: ID!, $withEmail: Boolean!) { user(id: $id) { __typename ...UserFields email @include(if: $withEmail) } }\n"
        + UserFields.fragmentDefinition
    public static let operationIdentifier: String? = "502458bc1a5847d7f2ceb1a80d233884028c058053ed5638b236c028d2f704ae"

    public var id: String
    public var withEmail: Bool

    public init(id: String, withEmail: Bool = false) {
        self.id = id
        self.withEmail = withEmail
    }

    public var variables: JSONObject {
        JSONObject(variables: ["id": id, "withEmail": withEmail])
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
                .fragment(UserFields.self),
                .conditional(
                    .include("withEmail"), [.field(GraphQLField("email", .scalar("String"), leaf: String?.self))]),
            ]

            public let __object: GraphQLCheckedObject

            public init(__object: GraphQLCheckedObject) {
                self.__object = __object
            }

            public var email: String? { __field("email", if: .include("withEmail")) }

            public var id: String { fragments.userFields.id }
            public var name: String { fragments.userFields.name }
            public var role: GraphQLEnum<ReferenceSchema.Role> { fragments.userFields.role }
            public var followerCount: ReferenceSchema.Long { fragments.userFields.followerCount }

            public typealias Fragments = GraphQLFragmentSpreads<Self>
            public var fragments: Fragments { Fragments(__owner: self) }
        }
    }
}

extension GraphQLFragmentSpreads where Owner == UserDetailsQuery.Data.User {
    public var userFields: UserFields { __fragment() }
}
