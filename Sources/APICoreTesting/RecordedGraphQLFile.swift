import APICoreKit
import Foundation

/// A file of a recorded upload (a `multipart/form-data` request by the GraphQL multipart request spec), read back so
/// that tests can assert on what a feature sent.
public struct RecordedGraphQLFile: Sendable, Hashable {
    /// The paths the request's `map` gives the file (`variables.file`, `variables.input.avatar`); more than one when
    /// the operation used the same file twice, which is sent once.
    public let paths: [String]
    /// The file name its part carried, if any.
    public let fileName: String?
    /// The content type its part carried, if any.
    public let contentType: String?
    /// The file's bytes.
    public let contents: Data

    /// A recorded file with the given members.
    public init(paths: [String], fileName: String?, contentType: String?, contents: Data) {
        self.paths = paths
        self.fileName = fileName
        self.contentType = contentType
        self.contents = contents
    }
}
