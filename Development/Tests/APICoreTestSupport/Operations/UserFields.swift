import APICoreGraphQL

/// `fragment UserFields on User { __typename id name role followerCount }`
public struct UserFields: GraphQLFragment {
    public static let fragmentName = "UserFields"
    public static let fragmentDefinition = "fragment UserFields on User { __typename id name role followerCount }"
    public static let __parentType = ReferenceSchema.Objects.user
    public static let __selections: [GraphQLSelection] = [
        .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
        .field(GraphQLField("id", .nonNull(.scalar("ID")), leaf: String.self)),
        .field(GraphQLField("name", .nonNull(.scalar("String")), leaf: String.self)),
        .field(GraphQLField("role", .nonNull(.scalar("Role")), leaf: GraphQLEnum<ReferenceSchema.Role>.self)),
        .field(GraphQLField("followerCount", .nonNull(.scalar("Long")), leaf: ReferenceSchema.Long.self)),
    ]

    public let __object: GraphQLCheckedObject

    public init(__object: GraphQLCheckedObject) {
        self.__object = __object
    }

    public var id: String { __field("id") }
    public var name: String { __field("name") }
    public var role: GraphQLEnum<ReferenceSchema.Role> { __field("role") }
    public var followerCount: ReferenceSchema.Long { __field("followerCount") }
}
