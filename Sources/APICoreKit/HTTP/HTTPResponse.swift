import Foundation

/// A response as the interceptor chain sees it.
public struct HTTPResponse: Sendable {
    /// Where a response came from.
    public enum Source: Sendable, Hashable {
        /// The transport, from the server.
        case network
        /// An interceptor answered without the network.
        case interceptor
        /// The cache.
        case cache
    }

    /// The status code.
    public var statusCode: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: Data
    /// Where the response came from.
    public var source: Source

    /// A response.
    public init(statusCode: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), source: Source = .network) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.source = source
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// The media type of the body, lower-cased, without parameters (`application/json`).
    public var mediaType: String? {
        guard let contentType = headers["Content-Type"] else { return nil }
        // The part before any parameters, without the spaces and tabs around it, in lowercase: read byte by byte, as
        // every response passes here, and copied only when it is not already in that form.
        let bytes = contentType.utf8
        var start = bytes.startIndex
        while start != bytes.endIndex, Self.isSpace(bytes[start]) { start = bytes.index(after: start) }
        let parameters = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        var end = parameters
        while end != start, Self.isSpace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        let type = bytes[start..<end]
        guard type.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return start == bytes.startIndex && end == bytes.endIndex ? contentType : String(Substring(type))
        }
        return String(Substring(type)).lowercased()
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Whether the body is JSON: `application/json`, `application/graphql-response+json` or another `+json` type.
    public var hasJSONBody: Bool {
        mediaType.map(Self.isJSON) ?? false
    }

    /// Whether a media type as ``mediaType`` returns it is JSON; for callers that already hold the media type.
    static func isJSON(_ mediaType: String) -> Bool {
        mediaType == "application/json" || mediaType.hasSuffix("+json")
    }
}
