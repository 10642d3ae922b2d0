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
        let type = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
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
