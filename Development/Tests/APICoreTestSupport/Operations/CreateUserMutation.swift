import APICoreGraphQL

/// ```graphql
/// mutation CreateUser($name: String!, $email: String, $role: Role) {
///   createUser(name: $name, email: $email, role: $role) { __typename id name email role followerCount }
/// }
/// ```
public struct CreateUserMutation: GraphQLMutation {
    public static let operationName = "CreateUser"
    public static let document =
        "mutation CreateUser($name: String!, $email: String, $role: Role) { createUser(name: $name, email: $email, role: $role) { __typename id name email role followerCount } }"
    public static let operationIdentifier: String? = "6e375ca06fedf60918fd9e0d3cf0b05900911e56dae2731ede476ebfda6c953e"

    public var name: String
    public var email: GraphQLNullable<String>
    public var role: GraphQLNullable<GraphQLEnum<ReferenceSchema.Role>>

    public init(
        name: String,
        email: GraphQLNullable<String> = nil,
        role: GraphQLNullable<GraphQLEnum<ReferenceSchema.Role>> = nil
    ) {
        self.name = name
        self.email = email
        self.role = role
    }

    public var variables: JSONObject {
        JSONObject(variables: ["name": name, "email": email, "role": role])
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.mutation
        public static let __selections: [GraphQLSelection] = [
            .field(
                GraphQLField(
                    "createUser", .nonNull(.object(CreateUser.self)),
                    arguments: [
                        ("name", .variable("name")), ("email", .variable("email")), ("role", .variable("role")),
                    ]
                ))
        ]

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var createUser: CreateUser { __field("createUser") }

        /// `User`
        public struct CreateUser: GraphQLSelectionSet {
            public static let __parentType = ReferenceSchema.Objects.user
            public static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                .field(GraphQLField("id", .nonNull(.scalar("ID")), leaf: String.self)),
                .field(GraphQLField("name", .nonNull(.scalar("String")), leaf: String.self)),
                .field(GraphQLField("email", .scalar("String"), leaf: String?.self)),
                .field(GraphQLField("role", .nonNull(.scalar("Role")), leaf: GraphQLEnum<ReferenceSchema.Role>.self)),
                .field(GraphQLField("followerCount", .nonNull(.scalar("Long")), leaf: ReferenceSchema.Long.self)),
            ]

            public let __object: GraphQLCheckedObject

            public init(__object: GraphQLCheckedObject) {
                self.__object = __object
            }

            public var id: String { __field("id") }
            public var name: String { __field("name") }
            public var email: String? { __field("email") }
            public var role: GraphQLEnum<ReferenceSchema.Role> { __field("role") }
            public var followerCount: ReferenceSchema.Long { __field("followerCount") }
        }
    }
}
