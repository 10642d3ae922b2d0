import APICoreGraphQL
import APICoreScalars

/// ```graphql
/// mutation UploadFiles($files: [Upload!]!) { uploadFiles(files: $files) { filename contentType size sha256 } }
/// ```
public struct UploadFilesMutation: GraphQLMutation {
    public static let operationName = "UploadFiles"
    public static let document =
        "mutation UploadFiles($files: [Upload!]!) { uploadFiles(files: $files) { filename contentType size sha256 } }"

    public var files: [GraphQLFile]

    public init(files: [GraphQLFile]) {
        self.files = files
    }

    public var variables: JSONObject {
        .init(variables: ["files": files])
    }

    public func forEachFile(_ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {
        self.files.forEachFile(at: "variables.files", body)
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.mutation
        public static let __selections: [GraphQLSelection] = [
            .field(
                GraphQLField(
                    "uploadFiles", .nonNull(.list(.nonNull(.object(UploadedFileFields.self)))),
                    arguments: [("files", .variable("files"))]))
        ]

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var uploadFiles: [UploadedFileFields] { __field("uploadFiles") }
    }
}
