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

        public let __data: JSONObject
        public let createUser: CreateUser

        public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
            __data = reader.object
            createUser = try reader.field("createUser")
        }

        /// `User`
        public struct CreateUser: GraphQLSelectionSet {
            public static let __parentType = ReferenceSchema.Objects.user
            public static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                .field(GraphQLField("id", .nonNull(.scalar("ID")))),
                .field(GraphQLField("name", .nonNull(.scalar("String")))),
                .field(GraphQLField("email", .scalar("String"))),
                .field(GraphQLField("role", .nonNull(.scalar("Role")))),
                .field(GraphQLField("followerCount", .nonNull(.scalar("Long")))),
            ]

            public let __data: JSONObject
            public let id: String
            public let name: String
            public let email: String?
            public let role: GraphQLEnum<ReferenceSchema.Role>
            public let followerCount: ReferenceSchema.Long

            public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
                __data = reader.object
                id = try reader.field("id")
                name = try reader.field("name")
                email = try reader.field("email")
                role = try reader.field("role")
                followerCount = try reader.field("followerCount")
            }
        }
    }
}
