import Foundation

/// A request as the interceptor chain and the transport see it: plain HTTP plus what interceptors need to know about
/// the API call behind it.
public struct HTTPRequest: Sendable {
    /// What kind of API call a request carries.
    public enum Kind: Sendable, Hashable {
        /// A GraphQL operation.
        case graphQL(GraphQLOperationType)
        /// A REST call.
        case rest
    }

    /// The method.
    public var method: HTTPMethod
    /// The full URL, query included.
    public var url: URL
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: Data?
    /// A body read in chunks as it is sent, such as a file upload's; when set, transports send it instead of
    /// ``body`` (which stays `nil`) with its ``HTTPBodyStream/length`` as `Content-Length` (chunked under
    /// swift-corelibs-foundation's `URLSession`, which sends a stream no other way). Interceptors that copy or retry
    /// the request, and transports that must send it again (a kept-alive connection that closed, a 307 or 308
    /// redirect), send it again from its start; they never see its bytes.
    public var bodyStream: HTTPBodyStream?

    /// A name for logs, metrics and cancellation: the GraphQL operation name, or `METHOD path` for REST.
    public var operationName: String
    /// Whether the call is GraphQL or REST.
    public var kind: Kind
    /// Whether the call may be repeated safely: queries, and REST methods that are idempotent, unless overridden.
    public var isIdempotent: Bool
    /// How many times the chain has sent this request before (0 on the first attempt); retry interceptors raise it.
    public var attempt: Int = 0
    /// Whether the request may share one network exchange with an identical request in flight (same method, URL, body
    /// and header fields), whose response it then gets too: the client sets it for queries whose
    /// ``RequestOptions/deduplicates`` allows it, never for mutations.
    public var deduplicates = false
    /// Whether the request may go to the server in one HTTP request with other queries sent within the batching
    /// window (``GraphQLBatching``): the client sets it for queries POSTed with a JSON body when it batches and the
    /// call's ``RequestOptions/batches`` allows it, never for mutations, uploads or incremental delivery. An
    /// interceptor can clear it to send one request on its own.
    public var batches = false
    /// The largest response body the transport should accept, in bytes; `nil` for no limit.
    ///
    /// The client sets it from ``APIClientConfiguration/maximumResponseSize`` before the request reaches the
    /// transport (an interceptor can lower or raise it for one request). ``URLSessionTransport`` stops reading as
    /// soon as a body passes it; the client checks every other transport's body once it has arrived.
    public var maximumResponseSize: Int?

    /// A request; `isIdempotent` defaults from the kind and method.
    public init(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        body: Data? = nil,
        operationName: String,
        kind: Kind,
        isIdempotent: Bool? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.operationName = operationName
        self.kind = kind
        self.isIdempotent =
            isIdempotent
            ?? {
                switch kind {
                case .graphQL(let type): type == .query
                case .rest: method.isIdempotent
                }
            }()
    }
}
