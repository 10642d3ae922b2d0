import APICoreGraphQL

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A file to upload as a GraphQL variable (the `Upload` scalar), sent by the GraphQL multipart request spec.
///
/// The bytes are either in memory or in a file on disk, which the client streams from the disk when it sends the
/// request (and opens again for each attempt), so a large file never has to be in memory. On the wire the variable
/// holds `null` where the file goes; the file itself travels as a part of the `multipart/form-data` body.
///
/// ```swift
/// let avatar = GraphQLFile(url: URL(filePath: "/tmp/avatar.png"))   // image/png, "avatar.png"
/// let note = GraphQLFile(data: Data("hello".utf8), fileName: "note.txt", contentType: "text/plain")
/// ```
///
/// Two files are the same file, and are sent once however many variables hold them, when they are equal: the same
/// bytes (or the same file URL), file name and content type.
public struct GraphQLFile: GraphQLCustomScalar {
    /// Where a file's bytes come from.
    public enum Contents: Sendable, Hashable {
        /// Bytes in memory.
        case data(Data)
        /// A file on disk, read when the request is sent.
        case file(URL)
    }

    /// Where the bytes come from.
    public var contents: Contents
    /// The file name the server sees.
    public var fileName: String
    /// The media type the server sees, such as `image/png`.
    public var contentType: String

    /// A file whose bytes are `data`.
    public init(data: Data, fileName: String, contentType: String = GraphQLFile.defaultContentType) {
        contents = .data(data)
        self.fileName = fileName
        self.contentType = contentType
    }

    /// A file on disk, read when the request is sent; the file name defaults to the URL's last path component and the
    /// content type to the one its extension suggests (``contentType(forPathExtension:)``).
    public init(url: URL, fileName: String? = nil, contentType: String? = nil) {
        contents = .file(url)
        self.fileName = fileName ?? url.lastPathComponent
        self.contentType = contentType ?? Self.contentType(forPathExtension: url.pathExtension)
    }

    /// `application/octet-stream`, the content type of bytes of no known kind.
    public static let defaultContentType = "application/octet-stream"

    /// `null`: the GraphQL multipart request spec puts `null` where a file goes in the variables.
    public var jsonValue: JSONValue { .null }

    /// Always throws: a file is an input, and no response holds one.
    public init(jsonValue: JSONValue) throws(GraphQLDecodingError) {
        throw GraphQLDecodingError(.invalidScalar(type: "Upload", reason: "a file cannot be read from a response"))
    }

    /// `true`: a file is a file.
    public static var mayContainFiles: Bool { true }

    /// The file itself, at `path`.
    public func forEachFile(at path: String, _ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {
        body(path, self)
    }
}
