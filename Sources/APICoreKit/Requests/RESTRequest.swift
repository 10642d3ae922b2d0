import Foundation

/// A REST call: method, path, query items, headers, an `Encodable` body and a `Decodable` response.
///
/// REST calls go through the same interceptors as GraphQL (auth, logging, retry, metrics), so a kit can move from
/// REST to GraphQL one model at a time without changing anything else.
public protocol RESTRequest: Sendable {
    /// The decoded response; ``EmptyResponse`` for calls answered without a body.
    associatedtype Response: Decodable & Sendable
    /// The body; ``EmptyBody`` for calls without one.
    associatedtype Body: Encodable & Sendable = EmptyBody

    /// The method.
    var method: HTTPMethod { get }
    /// The path, relative to the client's REST base URL, as plain text: `/` separates segments, and `?`, `#`, `%`,
    /// spaces and non-ASCII characters are percent-encoded for the wire, so pass values unencoded.
    var path: String { get }
    /// The query items, as plain text; every character the server would decode differently (`+`, `&`, `=`, `#`,
    /// `%`, ...) is percent-encoded for the wire.
    var queryItems: [URLQueryItem] { get }
    /// Extra header fields.
    var headers: HTTPHeaders { get }
    /// The body, encoded as JSON.
    var body: Body? { get }
    /// Per-call settings.
    var options: RequestOptions { get }

    /// The step after decoding: validates the decoded value or post-processes it, with the response's metadata at
    /// hand. A thrown error fails the call with ``APIError/Code/mappingFailed``. By default the response passes
    /// unchanged.
    func process(_ response: APIResponse<Response>) throws -> APIResponse<Response>
}

extension RESTRequest {
    /// No query items.
    public var queryItems: [URLQueryItem] { [] }
    /// No extra header fields.
    public var headers: HTTPHeaders { HTTPHeaders() }
    /// The default options: the client's configuration decides everything.
    public var options: RequestOptions { RequestOptions() }

    /// Returns the response unchanged.
    public func process(_ response: APIResponse<Response>) throws -> APIResponse<Response> { response }
}

extension RESTRequest where Body == EmptyBody {
    /// `nil`: a call whose body type is ``EmptyBody`` sends no body.
    public var body: EmptyBody? { nil }
}

/// The body of a REST call that sends none.
public struct EmptyBody: Encodable, Sendable, Hashable {
    /// The empty body.
    public init() {}
}

/// The response of a REST call answered without a body (`204 No Content`), or whose body is ignored.
public struct EmptyResponse: Decodable, Sendable, Hashable {
    /// An empty response.
    public init() {}
    /// Reads nothing, so any body, or none, decodes.
    public init(from decoder: any Decoder) throws {}
}

/// A REST call described inline, for calls that do not deserve a type of their own.
public struct RESTCall<Response: Decodable & Sendable, Body: Encodable & Sendable>: RESTRequest {
    /// The method.
    public var method: HTTPMethod
    /// The path, relative to the client's REST base URL, as plain text that is percent-encoded for the wire.
    public var path: String
    /// The query items, as plain text that is percent-encoded for the wire.
    public var queryItems: [URLQueryItem]
    /// Extra header fields.
    public var headers: HTTPHeaders
    /// The body, encoded as JSON; `nil` sends none.
    public var body: Body?
    /// Per-call settings.
    public var options: RequestOptions

    /// A call with a body.
    public init(
        _ method: HTTPMethod,
        _ path: String,
        queryItems: [URLQueryItem] = [],
        headers: HTTPHeaders = HTTPHeaders(),
        body: Body?,
        options: RequestOptions = RequestOptions(),
        response: Response.Type = Response.self
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.options = options
    }
}

extension RESTCall where Body == EmptyBody {
    /// A call without a body.
    public init(
        _ method: HTTPMethod,
        _ path: String,
        queryItems: [URLQueryItem] = [],
        headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions(),
        response: Response.Type = Response.self
    ) {
        self.init(method, path, queryItems: queryItems, headers: headers, body: nil, options: options)
    }
}
