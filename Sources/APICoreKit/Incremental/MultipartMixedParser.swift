import Foundation

/// Reads a `multipart/mixed` body (RFC 2046) as it arrives: each part's content is handed over as soon as the
/// delimiter that closes it has arrived, before the rest of the body.
///
/// Text before the first delimiter is the preamble and is ignored, as RFC 2046 says (strawberry's multipart
/// subscriptions start with a heartbeat there); so is everything after the closing delimiter `--boundary--`. A
/// delimiter counts only at the start of the body or of a line. Parts without content (keep-alive parts) are
/// skipped. A body that ends before its closing delimiter is truncated, and ``finish()`` says so.
struct MultipartMixedParser {
    private enum State {
        case preamble
        /// In a part that starts at the beginning of the buffer.
        case part
        /// Right after a delimiter: the next two bytes say whether it closes the body.
        case delimiter
        case closed
    }

    private let delimiter: [UInt8]
    private var buffer: [UInt8] = []
    private var state = State.preamble
    /// Where the search for the next delimiter resumes: no delimiter starts before it.
    private var searchStart = 0

    /// The most bytes one part (or the preamble) may take; `nil` for no limit.
    private let maximumPartSize: Int?

    /// A parser for parts separated by `--boundary`, each at most `maximumPartSize` bytes.
    init(boundary: String, maximumPartSize: Int? = nil) {
        delimiter = Array("--\(boundary)".utf8)
        self.maximumPartSize = maximumPartSize
    }

    /// Whether the closing delimiter has arrived: the body has no more parts.
    var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    /// Adds the next bytes of the body; returns the contents of the parts they complete, in order.
    mutating func append(_ chunk: some Sequence<UInt8>) throws(APIError) -> [Data] {
        guard !isClosed else { return [] }
        buffer.append(contentsOf: chunk)
        var parts: [Data] = []
        while true {
            if case .delimiter = state {
                guard buffer.count >= 2 else { break }
                if buffer[0] == UInt8(ascii: "-"), buffer[1] == UInt8(ascii: "-") {
                    state = .closed
                    buffer = []
                    break
                }
                state = .part
                searchStart = 0
            }
            guard let found = nextDelimiter() else {
                searchStart = max(buffer.count - delimiter.count, 0)
                // The buffer holds one unfinished part at most: past the limit, it is a part too large to read.
                if let maximumPartSize, buffer.count > maximumPartSize + delimiter.count {
                    throw APIError.responseTooLarge(limit: maximumPartSize, statusCode: nil)
                }
                break
            }
            // The part is complete once its delimiter has arrived, whatever follows.
            if case .part = state, let content = try Self.content(of: buffer[..<found]) {
                parts.append(content)
            }
            // Drop what has been read, so the buffer holds one part at most.
            buffer.removeSubrange(..<(found + delimiter.count))
            state = .delimiter
        }
        return parts
    }

    /// Says that the body has ended; throws ``APIError/Code/invalidResponse`` when it ended before its closing
    /// delimiter.
    func finish() throws(APIError) {
        guard isClosed else {
            let reason =
                if case .preamble = state {
                    "a multipart body without its boundary"
                } else {
                    "a multipart body that ends before its closing boundary (truncated)"
                }
            throw APIError(.invalidResponse, reason: reason)
        }
    }

    /// The position of the next delimiter at the start of the body or of a line, from `searchStart`.
    private func nextDelimiter() -> Int? {
        guard buffer.count >= delimiter.count else { return nil }
        var index = searchStart
        while index <= buffer.count - delimiter.count {
            if buffer[index] == delimiter[0], index == 0 || buffer[index - 1] == UInt8(ascii: "\n"),
                buffer[index..<(index + delimiter.count)].elementsEqual(delimiter)
            {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The content of one part: what follows its header fields and the blank line after them (a part may have no
    /// header fields), without surrounding line breaks; `nil` for an empty part.
    private static func content(of part: ArraySlice<UInt8>) throws(APIError) -> Data? {
        var part = part
        // The line break before a delimiter belongs to the delimiter.
        if part.last == UInt8(ascii: "\n") { part.removeLast() }
        if part.last == UInt8(ascii: "\r") { part.removeLast() }
        part = part.drop(while: isWhitespace)
        guard !part.isEmpty else { return nil }
        let contentStart: Int
        if part.first == UInt8(ascii: "{") || part.first == UInt8(ascii: "[") {
            contentStart = part.startIndex
        } else if let headerEnd = headerEnd(of: part) {
            contentStart = headerEnd
        } else {
            throw APIError(.invalidResponse, reason: "a multipart part without a blank line after its header fields")
        }
        var content = part[contentStart...].drop(while: isWhitespace)
        while let last = content.last, isWhitespace(last) { content.removeLast() }
        return content.isEmpty ? nil : Data(content)
    }

    /// The index after the blank line that ends a part's header fields.
    private static func headerEnd(of part: ArraySlice<UInt8>) -> Int? {
        var index = part.startIndex
        while index < part.endIndex {
            if part[index] == UInt8(ascii: "\n") {
                var next = index + 1
                if next < part.endIndex, part[next] == UInt8(ascii: "\r") { next += 1 }
                if next < part.endIndex, part[next] == UInt8(ascii: "\n") { return next + 1 }
            }
            index += 1
        }
        return nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") || byte == 9
    }
}
