import APICoreGraphQL

/// One file of an operation's variables and where it goes: a path of the GraphQL multipart request spec, such as
/// `variables.file`, `variables.files.0` or `variables.input.avatar`.
public struct GraphQLFileUpload: Sendable, Hashable {
    /// The object path of the `null` the file stands for, from the operation's root: `variables.` and then variable
    /// names, field names and list indices, joined by dots.
    public var path: String
    /// The file.
    public var file: GraphQLFile

    /// A file at `path`.
    public init(path: String, file: GraphQLFile) {
        self.path = path
        self.file = file
    }
}

extension GraphQLOperation {
    /// The files in the variables, each with its path, in the order the operation gives them
    /// (`GraphQLOperation.forEachFile(_:)`): what the client sends as a multipart upload. Empty for an operation whose
    /// variables hold no file.
    public var fileUploads: [GraphQLFileUpload] {
        var files: [GraphQLFileUpload] = []
        forEachFile { path, value in
            // Only a `GraphQLFile` is a file: the `Upload` scalars of generated code are all mapped to it.
            if let file = value as? GraphQLFile { files.append(GraphQLFileUpload(path: path, file: file)) }
        }
        return files
    }
}
