import APICoreGraphQL
import APICoreScalars

/// ```graphql
/// mutation UploadProfile($input: ProfileInput!) {
///   uploadProfile(input: $input) { name avatar { filename contentType size sha256 } }
/// }
/// ```
public struct UploadProfileMutation: GraphQLMutation {
    public static let operationName = "UploadProfile"
    public static let document =
        "mutation UploadProfile($input: ProfileInput!) { uploadProfile(input: $input) { name avatar { filename contentType size sha256 } } }"

    public var input: ReferenceSchema.ProfileInput

    public init(input: ReferenceSchema.ProfileInput) {
        self.input = input
    }

    public var variables: JSONObject {
        .init(variables: ["input": input])
    }

    public func forEachFile(_ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {
        self.input.forEachFile(at: "variables.input", body)
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.mutation
        public static let __selections: [GraphQLSelection] = [
            .field(
                GraphQLField(
                    "uploadProfile", .nonNull(.object(UploadProfile.self)), arguments: [("input", .variable("input"))]))
        ]

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var uploadProfile: UploadProfile { __field("uploadProfile") }

        /// `Profile`
        public struct UploadProfile: GraphQLSelectionSet {
            public static let __parentType = GraphQLParentType.object("Profile")
            public static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("name", .nonNull(.scalar("String")), leaf: String.self)),
                .field(GraphQLField("avatar", .object(UploadedFileFields.self))),
            ]

            public let __object: GraphQLCheckedObject

            public init(__object: GraphQLCheckedObject) {
                self.__object = __object
            }

            public var name: String { __field("name") }
            public var avatar: UploadedFileFields? { __field("avatar") }
        }
    }
}
