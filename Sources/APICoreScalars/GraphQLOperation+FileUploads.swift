import APICoreGraphQL

extension GraphQLOperation {
    /// The files in the variables, each with its path, in the order the operation gives them
    /// (`GraphQLOperation.forEachFile(_:)`): what the client sends as a multipart upload. Empty for an operation whose
    /// variables hold no file.
    public var fileUploads: [GraphQLFileUpload] {
        var files: [GraphQLFileUpload] = []
        forEachFile { path, value in
            // Generated code maps every file scalar to `GraphQLFile`; anything else reported as a file is a misuse.
            guard let file = value as? GraphQLFile else {
                preconditionFailure("\(type(of: value)) at \(path) is reported as a file, but only GraphQLFile is one")
            }
            files.append(GraphQLFileUpload(path: path, file: file))
        }
        return files
    }
}
