import Foundation

/// The parts of a `multipart/mixed` body (RFC 2046), as GraphQL servers send incremental results: each part has
/// its own header fields and a JSON body.
struct MultipartMixedBody {
    /// The boundary of a `Content-Type: multipart/mixed; boundary=...` value (`-` when it names none, as the
    /// incremental delivery proposal defaults it); `nil` for another media type.
    static func boundary(ofContentType contentType: String) -> String? {
        let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parameters.first?.lowercased() == "multipart/mixed" else { return nil }
        for parameter in parameters.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            return value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
                ? String(value.dropFirst().dropLast()) : value
        }
        return "-"
    }

    /// The bodies of the parts, in order, without empty ones (keep-alive parts); throws when the body does not
    /// start with the boundary or a part has no blank line after its header fields.
    static func parts(of body: Data, boundary: String) throws(APIError) -> [Data] {
        let delimiter = Array("--\(boundary)".utf8)
        let bytes = [UInt8](body)
        var starts: [Int] = []
        var index = 0
        while let found = find(delimiter, in: bytes, from: index) {
            // A delimiter starts the body or a line.
            if found == 0 || (found >= 1 && bytes[found - 1] == UInt8(ascii: "\n")) {
                starts.append(found)
            }
            index = found + delimiter.count
        }
        guard let first = starts.first, bytes[..<first].allSatisfy(isWhitespace) else {
            throw APIError(.invalidResponse, reason: "multipart body without its opening boundary")
        }
        var parts: [Data] = []
        for (position, start) in starts.enumerated() {
            let partStart = start + delimiter.count
            if bytes[partStart...].starts(with: Array("--".utf8)) { break }
            let partEnd = position + 1 < starts.count ? starts[position + 1] : bytes.count
            var part = Array(bytes[partStart..<partEnd])
            while let last = part.last, isWhitespace(last) { part.removeLast() }
            while let head = part.first, isWhitespace(head) { part.removeFirst() }
            if part.isEmpty { continue }
            guard
                let separator = find(Array("\r\n\r\n".utf8), in: part, from: 0)
                    ?? find(Array("\n\n".utf8), in: part, from: 0)
            else {
                // A part without header fields.
                parts.append(Data(part))
                continue
            }
            let headerEnd = part[separator] == UInt8(ascii: "\r") ? separator + 4 : separator + 2
            let content = Array(part[headerEnd...])
            if !content.allSatisfy(isWhitespace) { parts.append(Data(content)) }
        }
        return parts
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") || byte == 9
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
