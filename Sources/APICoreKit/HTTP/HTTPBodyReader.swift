import Foundation

/// Reads one attempt's request body, chunk by chunk, from its start; a transport uses it from one thread at a time.
public protocol HTTPBodyReader: AnyObject {
    /// The next bytes of the body, at most `maxLength` of them (and at least one while the body has more); empty at
    /// the end. Throws when the source fails, for example a file that shrank since the body was measured.
    func read(upTo maxLength: Int) throws -> Data

    /// Releases the source (closes a file); the transport calls it when it is done, read to the end or not.
    func close()
}
