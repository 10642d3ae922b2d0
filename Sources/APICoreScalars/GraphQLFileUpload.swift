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
