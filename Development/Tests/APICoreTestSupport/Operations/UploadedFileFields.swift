import APICoreGraphQL
import APICoreScalars

/// `UploadedFile { filename contentType size sha256 }`: what the reference servers read of an uploaded file.
public struct UploadedFileFields: GraphQLSelectionSet {
    public static let __parentType = GraphQLParentType.object("UploadedFile")
    public static let __selections: [GraphQLSelection] = [
        .field(GraphQLField("filename", .nonNull(.scalar("String")), leaf: String.self)),
        .field(GraphQLField("contentType", .nonNull(.scalar("String")), leaf: String.self)),
        .field(GraphQLField("size", .nonNull(.scalar("Int")), leaf: Int.self)),
        .field(GraphQLField("sha256", .nonNull(.scalar("String")), leaf: String.self)),
    ]

    public let __object: GraphQLCheckedObject

    public init(__object: GraphQLCheckedObject) {
        self.__object = __object
    }

    public var filename: String { __field("filename") }
    public var contentType: String { __field("contentType") }
    public var size: Int { __field("size") }
    public var sha256: String { __field("sha256") }
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

        public func forEachFile(at path: String, _ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {
            self.avatar.forEachFile(at: path + ".avatar", body)
        }
    }
}
