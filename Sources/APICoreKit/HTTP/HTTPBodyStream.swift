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

/// Reads one attempt's request body, chunk by chunk, from its start; a transport uses it from one thread at a time.
public protocol HTTPBodyReader: AnyObject {
    /// The next bytes of the body, at most `maxLength` of them (and at least one while the body has more); empty at
    /// the end. Throws when the source fails, for example a file that shrank since the body was measured.
    func read(upTo maxLength: Int) throws -> Data

    /// Releases the source (closes a file); the transport calls it when it is done, read to the end or not.
    func close()
}
