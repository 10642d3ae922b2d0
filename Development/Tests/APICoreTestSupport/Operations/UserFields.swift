import APICoreGraphQL

/// `fragment UserFields on User { __typename id name role followerCount }`
public struct UserFields: GraphQLFragment {
    public static let fragmentName = "UserFields"
    public static let fragmentDefinition = "fragment UserFields on User { __typename id name role followerCount }"
    public static let __parentType = ReferenceSchema.Objects.user
    public static let __selections: [GraphQLSelection] = [
        .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
        .field(GraphQLField("id", .nonNull(.scalar("ID")))),
        .field(GraphQLField("name", .nonNull(.scalar("String")))),
        .field(GraphQLField("role", .nonNull(.scalar("Role")))),
        .field(GraphQLField("followerCount", .nonNull(.scalar("Long")))),
    ]

    public let __data: JSONObject
    public let id: String
    public let name: String
    public let role: GraphQLEnum<ReferenceSchema.Role>
    public let followerCount: ReferenceSchema.Long

    public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
        __data = reader.object
        id = try reader.field("id")
        name = try reader.field("name")
        role = try reader.field("role")
        followerCount = try reader.field("followerCount")
    }
}
