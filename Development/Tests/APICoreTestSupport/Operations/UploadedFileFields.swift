import APICoreGraphQL

/// `UploadedFile { filename contentType size sha256 }`: what the reference servers read of an uploaded file.
public struct UploadedFileFields: GraphQLSelectionSet {
    public static let __parentType = GraphQLParentType.object("UploadedFile")
    public static let __selections: [GraphQLSelection] = [
        .field(GraphQLField("filename", .nonNull(.scalar("String")))),
        .field(GraphQLField("contentType", .nonNull(.scalar("String")))),
        .field(GraphQLField("size", .nonNull(.scalar("Int")))),
        .field(GraphQLField("sha256", .nonNull(.scalar("String")))),
    ]

    public let __data: JSONObject
    public let filename: String
    public let contentType: String
    public let size: Int
    public let sha256: String

    public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
        __data = reader.object
        filename = try reader.field("filename")
        contentType = try reader.field("contentType")
        size = try reader.field("size")
        sha256 = try reader.field("sha256")
    }
}

extension ReferenceSchema {
    /// `input ProfileInput { name: String!, avatar: Upload }`, as the generator writes an input object with a file.
    public struct ProfileInput: GraphQLInputObject {
        public var name: String
        public var avatar: GraphQLNullable<GraphQLFile>

        public init(name: String, avatar: GraphQLNullable<GraphQLFile> = nil) {
            self.name = name
            self.avatar = avatar
        }

        public var fields: JSONObject {
            .init(variables: ["name": name, "avatar": avatar])
        }

        public static var mayContainFiles: Bool { true }

        public func appendFiles(at path: String, to files: inout [GraphQLFileUpload]) {
            self.avatar.appendFiles(at: path + ".avatar", to: &files)
        }
    }
}
