import Foundation

/// Builds the URLs the client sends, so that the server reads back exactly the text the caller gave.
///
/// `URLComponents` leaves `+` unescaped in query items, which servers decode as a space (form encoding), and parsing a
/// joined string turns a `?` or `#` in a path into a query or a fragment. Here the path and the added query items are
/// plain text, percent-encoded byte by byte (UTF-8); the base URL's own path and query stay exactly as written.
enum RequestURL {
    /// `base` with `path` appended below its path and `queryItems` added to its query; `nil` for an unusable base.
    ///
    /// `path` is plain text, not percent-encoded: `/` separates segments, and every other character outside RFC 3986
    /// `pchar` (including `?`, `#`, `%`, space and non-ASCII) is encoded. A leading `/` is optional.
    static func url(_ base: URL, appendingPath path: String, queryItems: [URLQueryItem]) -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        var basePath = components.percentEncodedPath
        if !basePath.hasSuffix("/") { basePath += "/" }
        let relative = path.hasPrefix("/") ? path.dropFirst() : Substring(path)
        components.percentEncodedPath = basePath + encode(relative, allowing: isPathByte)
        return url(components, addingQueryItems: queryItems)
    }

    /// `url` with `queryItems` added after its own query, which is kept byte for byte.
    static func url(_ url: URL, addingQueryItems queryItems: [URLQueryItem]) -> URL? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        return self.url(components, addingQueryItems: queryItems)
    }

    /// Query items as `name=value` pairs joined by `&` (a `nil` value gives `name` alone), every character outside
    /// RFC 3986 unreserved and `!$'()*,/:?@` encoded: `+`, `&`, `=`, `;`, `#` and `%` included.
    static func encodedQuery(_ items: [URLQueryItem]) -> String {
        var query = ""
        for item in items {
            if !query.isEmpty { query += "&" }
            query += encode(Substring(item.name), allowing: isQueryByte)
            if let value = item.value {
                query += "="
                query += encode(Substring(value), allowing: isQueryByte)
            }
        }
        return query
    }

    private static func url(_ components: URLComponents, addingQueryItems queryItems: [URLQueryItem]) -> URL? {
        var components = components
        if !queryItems.isEmpty {
            let added = encodedQuery(queryItems)
            if let existing = components.percentEncodedQuery, !existing.isEmpty {
                components.percentEncodedQuery = existing + "&" + added
            } else {
                components.percentEncodedQuery = added
            }
        }
        return components.url
    }

    private static func encode(_ text: Substring, allowing isAllowed: (UInt8) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isAllowed(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 3986 unreserved: `A-Z a-z 0-9 - . _ ~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// `pchar` and `/`: unreserved, sub-delimiters, `:` and `@`.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || "!$&'()*+,;=:@/".utf8.contains(byte)
    }

    /// What a query value may hold literally and still decode to itself under form decoding.
    private static func isQueryByte(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || "!$'()*,/:?@".utf8.contains(byte)
    }
}
