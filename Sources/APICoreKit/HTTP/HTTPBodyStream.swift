import Foundation

/// A request body that is read from its source in chunks as the transport sends it, instead of being held in memory:
/// the body of a file upload.
///
/// It is a recipe, not a position in a file: every attempt (a retry, an auth refresh) calls ``makeReader()`` and reads
/// the body again from its start. ``length`` is known up front, for `Content-Length`; a reader that finds its source
/// shorter or longer than that fails the request.
public struct HTTPBodyStream: Sendable {
    /// The body's size in bytes.
    public let length: Int
    private let open: @Sendable () throws -> any HTTPBodyReader

    /// A body of `length` bytes that `open` reads from its start each time it is called.
    public init(length: Int, open: @escaping @Sendable () throws -> any HTTPBodyReader) {
        precondition(length >= 0, "a body cannot have a negative length")
        self.length = length
        self.open = open
    }

    /// A new reader positioned at the start of the body; throws when the source cannot be opened.
    public func makeReader() throws -> any HTTPBodyReader {
        try open()
    }
}
