/// The result of a call: the value, the GraphQL errors that came with it, and where and how it was obtained.
public struct APIResponse<Value: Sendable>: Sendable {
    /// The decoded (and, for a ``GraphQLRequest``, mapped) value.
    public let value: Value
    /// GraphQL errors sent alongside partial data; empty for REST and for complete data.
    public let errors: [GraphQLError]
    /// The response's `extensions`.
    public let extensions: JSONObject
    /// Where and how the value was obtained.
    public let metadata: ResponseMetadata

    /// A response.
    public init(
        value: Value, errors: [GraphQLError] = [], extensions: JSONObject = JSONObject(), metadata: ResponseMetadata
    ) {
        self.value = value
        self.errors = errors
        self.extensions = extensions
        self.metadata = metadata
    }

    /// Whether GraphQL errors came with the value (partial data).
    public var hasErrors: Bool { !errors.isEmpty }

    /// The same response with its value transformed.
    public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> APIResponse<Other> {
        APIResponse<Other>(value: try transform(value), errors: errors, extensions: extensions, metadata: metadata)
    }
}

/// Where and how a response was obtained.
///
/// A value from the cache has ``source`` ``HTTPResponse/Source/cache``, no status code and no headers; when it
/// answered for a failed network call, ``networkError`` says why.
public struct ResponseMetadata: Sendable {
    /// Where a value came from: the network, the cache, or an interceptor that answered without the network.
    public typealias Source = HTTPResponse.Source

    /// Where the value came from.
    public var source: Source
    /// The HTTP status, for network responses.
    public var statusCode: Int?
    /// The GraphQL operation name, or `METHOD path` for REST.
    public var operationName: String
    /// The whole call's duration, retries included.
    public var duration: Duration
    /// The response's header fields.
    public var headers: HTTPHeaders
    /// The size of the response body.
    public var responseBytes: Int
    /// For a value the cache gave because the network failed (``CachePolicy/networkFirst``): that failure.
    public var networkError: APIError?
    /// For a network value that could not be written to the cache: why. The value is the network's all the same.
    public var cacheWriteError: CacheError?
    /// For a value from the cache read with a permissive `CacheFreshness` (or for
    /// ``CachePolicy/staleWhileRevalidate``): the fields it served after their time to live, with their paths; empty
    /// when the value is fresh.
    public var staleFields: [CacheStaleField] = []

    /// Whether the value holds fields past their time to live (``staleFields``).
    public var isStale: Bool { !staleFields.isEmpty }

    /// Metadata for a response.
    public init(
        source: Source,
        statusCode: Int?,
        operationName: String,
        duration: Duration,
        headers: HTTPHeaders = HTTPHeaders(),
        responseBytes: Int = 0,
        networkError: APIError? = nil,
        cacheWriteError: CacheError? = nil
    ) {
        self.source = source
        self.statusCode = statusCode
        self.operationName = operationName
        self.duration = duration
        self.headers = headers
        self.responseBytes = responseBytes
        self.networkError = networkError
        self.cacheWriteError = cacheWriteError
    }
}
