/// An HTTP request method.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method's name, in upper case as sent on the request line.
    public let rawValue: String

    /// The method with the given name, upper-cased: `"patch"` is ``HTTPMethod/patch``.
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    /// The method named by a string literal, upper-cased.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// `GET`: reads a resource; idempotent.
    public static let get: HTTPMethod = "GET"
    /// `POST`: sends data for the server to process, as a GraphQL request does; not idempotent.
    public static let post: HTTPMethod = "POST"
    /// `PUT`: replaces a resource; idempotent.
    public static let put: HTTPMethod = "PUT"
    /// `PATCH`: changes part of a resource; not idempotent.
    public static let patch: HTTPMethod = "PATCH"
    /// `DELETE`: removes a resource; idempotent.
    public static let delete: HTTPMethod = "DELETE"
    /// `QUERY`: a safe, idempotent request whose body says what to read (the HTTP QUERY method draft).
    public static let query: HTTPMethod = "QUERY"
    /// `HEAD`: the header fields `GET` would return, without the body; idempotent.
    public static let head: HTTPMethod = "HEAD"
    /// `OPTIONS`: asks what the server allows for a resource; idempotent.
    public static let options: HTTPMethod = "OPTIONS"

    /// Whether repeating the request has the same effect as sending it once (RFC 9110, section 9.2.2).
    public var isIdempotent: Bool {
        [.get, .head, .options, .put, .delete].contains(self)
    }

    /// The method's name, as sent on the request line.
    public var description: String { rawValue }
}
