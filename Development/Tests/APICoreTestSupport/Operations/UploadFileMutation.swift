import APICoreGraphQL
import APICoreScalars

/// ```graphql
/// mutation UploadFile($file: Upload!) { uploadFile(file: $file) { filename contentType size sha256 } }
/// ```
public struct UploadFileMutation: GraphQLMutation {
    public static let operationName = "UploadFile"
    public static let document =
        "mutation UploadFile($file: Upload!) { uploadFile(file: $file) { filename contentType size sha256 } }"

    public var file: GraphQLFile

    public init(file: GraphQLFile) {
        self.file = file
    }

    public var variables: JSONObject {
        .init(variables: ["file": file])
    }

    public func forEachFile(_ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {
        self.file.forEachFile(at: "variables.file", body)
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.mutation
        public static let __selections: [GraphQLSelection] = [
            .field(
                GraphQLField(
                    "uploadFile", .nonNull(.object(UploadedFileFields.self)), arguments: [("file", .variable("file"))]))
        ]

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var uploadFile: UploadedFileFields { __field("uploadFile") }
    }
}
