import Foundation

/// The one error type of the request layer.
///
/// Every failure of a call is an `APIError` with a ``code`` that says what kind of failure it is, and details that
/// depend on the kind. New codes can be added without breaking callers, who compare codes rather than switching over
/// an enum. A ``description`` never contains a URL's query, headers, tokens, variables or bodies; the
/// ``debugDescription`` adds the response body's first bytes for local debugging.
public struct APIError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The kind of failure.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name, such as `timeout`.
        public let rawValue: String
        /// The code named `rawValue`; the built-in codes are its static members.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's name.
        public var description: String { rawValue }

        /// The request never got an HTTP response: connection refused, DNS, TLS, reset. See ``APIError/underlying``.
        public static let network = Code(rawValue: "network")
        /// The server answered with a failing status and no usable body. See ``APIError/statusCode``.
        public static let httpStatus = Code(rawValue: "httpStatus")
        /// The server answered with GraphQL errors and no data (or the request asked for errors to be fatal).
        public static let graphQL = Code(rawValue: "graphQL")
        /// The response body is not valid JSON. See ``APIError/byteOffset``.
        public static let parsing = Code(rawValue: "parsing")
        /// The response is valid JSON but does not match the expected type. See ``APIError/responsePath``.
        public static let decoding = Code(rawValue: "decoding")
        /// The response is not a GraphQL or JSON response at all (wrong content type, no `data` or `errors`).
        public static let invalidResponse = Code(rawValue: "invalidResponse")
        /// The response body is larger than the configured limit (``APIClientConfiguration/maximumResponseSize``);
        /// the transport stopped reading it.
        public static let responseTooLarge = Code(rawValue: "responseTooLarge")
        /// The response has no data where data was required.
        public static let noData = Code(rawValue: "noData")
        /// The feature kit's mapping to its domain model threw. See ``APIError/underlying``.
        public static let mappingFailed = Code(rawValue: "mappingFailed")
        /// The call was cancelled, by its task or by ``APIClient/cancel(operationNames:)``.
        public static let cancelled = Code(rawValue: "cancelled")
        /// The call took longer than its timeout.
        public static let timeout = Code(rawValue: "timeout")
        /// The server rejected the credentials, even after a token refresh.
        public static let unauthorized = Code(rawValue: "unauthorized")
        /// The request could not be built (an unencodable body, an invalid URL).
        public static let invalidRequest = Code(rawValue: "invalidRequest")
        /// A document run at run time does not parse or does not validate against the client's schema
        /// (``APIClientConfiguration/schema``), or the client has no schema to compile it with. ``APIError/underlying``
        /// is the `GraphQLDocumentError` with each problem's line and column; nothing was sent.
        public static let invalidDocument = Code(rawValue: "invalidDocument")
        /// The server does not know the persisted-query id that a call in
        /// ``PersistedQueriesConfiguration/Mode/identifierOnly`` mode sent (it answered `PersistedQueryNotFound`): the
        /// operation is not in its safelist. ``APIError/reason`` names the id and ``APIError/graphQLErrors`` holds the
        /// server's errors. The document is never sent instead; register the generated operation manifest with the
        /// server.
        public static let persistedQueryNotFound = Code(rawValue: "persistedQueryNotFound")
        /// The cache does not hold (or no longer holds, unexpired) every field the query selects, and the policy
        /// does not go to the network. ``APIError/cacheError`` names the record, field and path.
        public static let cacheMiss = Code(rawValue: "cacheMiss")
        /// The cache failed otherwise: its storage, a record that does not decode, data that does not fit the
        /// operation. See ``APIError/cacheError``.
        public static let cacheFailure = Code(rawValue: "cacheFailure")
    }

    /// The kind of failure.
    public let code: Code
    /// The operation name (GraphQL) or `METHOD path` (REST) of the call that failed.
    public var operationName: String?
    /// The HTTP status, when the server answered.
    public var statusCode: Int?
    /// The GraphQL errors of the response, for ``Code/graphQL`` and whenever the server sent some.
    public var graphQLErrors: [GraphQLError]
    /// The response's `extensions`, when a GraphQL response failed the call (errors without data, fatal errors).
    public var responseExtensions: JSONObject = JSONObject()
    /// The byte offset of malformed JSON, for ``Code/parsing``.
    public var byteOffset: Int?
    /// The response path of a value that failed to decode, for ``Code/decoding``.
    public var responsePath: ResponsePath?
    /// The error behind this one: a transport error, a mapping error, a decoding error.
    public var underlying: (any Error)?
    /// A short reason in words, never quoting request or response content.
    public var reason: String?
    /// The first bytes of the response body, shown only by ``debugDescription``.
    public var responseBodyPrefix: Data?
    /// The whole body of a REST response with a failing status, so that callers can decode their API's error model.
    /// Never part of ``description``; ``debugDescription`` shows only its first bytes.
    public var responseBody: Data?

    /// An error of the given kind.
    public init(
        _ code: Code,
        operationName: String? = nil,
        statusCode: Int? = nil,
        graphQLErrors: [GraphQLError] = [],
        byteOffset: Int? = nil,
        responsePath: ResponsePath? = nil,
        underlying: (any Error)? = nil,
        reason: String? = nil,
        responseBodyPrefix: Data? = nil,
        responseBody: Data? = nil
    ) {
        self.code = code
        self.operationName = operationName
        self.statusCode = statusCode
        self.graphQLErrors = graphQLErrors
        self.byteOffset = byteOffset
        self.responsePath = responsePath
        self.underlying = underlying
        self.reason = reason
        self.responseBodyPrefix = responseBodyPrefix
        self.responseBody = responseBody
    }
}

extension APIError {
    /// Wraps any error thrown inside the pipeline: an `APIError` stays as it is, cancellation becomes
    /// ``Code/cancelled``, URL loading errors become network, timeout or cancelled errors.
    public init(wrapping error: any Error, operationName: String?) {
        if var error = error as? APIError {
            if error.operationName == nil { error.operationName = operationName }
            self = error
            return
        }
        if error is CancellationError {
            self.init(.cancelled, operationName: operationName)
            return
        }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cancelled: self.init(.cancelled, operationName: operationName)
            case .timedOut: self.init(.timeout, operationName: operationName, underlying: urlError)
            default:
                self.init(
                    .network, operationName: operationName, underlying: urlError,
                    reason: Self.networkReason(urlError.code))
            }
            return
        }
        self.init(.network, operationName: operationName, underlying: error)
    }

    /// What a URL loading error means, in a few words; the code stays for the rest.
    static func networkReason(_ code: URLError.Code) -> String {
        let meaning: String? =
            switch code {
            case .cannotConnectToHost: "the server refused the connection"
            case .cannotFindHost, .dnsLookupFailed: "the server's name did not resolve"
            case .networkConnectionLost: "the connection was lost"
            case .notConnectedToInternet: "the device is offline"
            case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot:
                "the server's certificate is not trusted"
            case .serverCertificateHasBadDate, .serverCertificateNotYetValid:
                "the server's certificate is expired or not yet valid"
            case .secureConnectionFailed: "the secure connection failed"
            case .userAuthenticationRequired: "a proxy or the server asked for credentials that were not given"
            case .httpTooManyRedirects: "the server redirected too many times"
            case .badServerResponse: "the server's response was malformed"
            default: nil
            }
        return meaning.map { "\($0) (URL loading error \(code.rawValue))" } ?? "URL loading error \(code.rawValue)"
    }

    /// Whether the call failed because it was cancelled.
    public var isCancellation: Bool { code == .cancelled }

    /// A cache failure as the error of a call: ``Code/cacheMiss`` for a miss (a missing or expired field or record),
    /// ``Code/cacheFailure`` otherwise, the `CacheError` kept as ``cacheError``.
    public init(cacheError: CacheError, operationName: String?) {
        var reason = "cache \(cacheError.code)"
        if let field = cacheError.field {
            // The storage key carries the field's arguments (`user({"id":"1"})`), which can hold variable values.
            let name = field.prefix { $0 != "(" }
            reason += " field \(name)"
        }
        if !cacheError.path.isEmpty { reason += " at \(cacheError.path)" }
        self.init(
            cacheError.isMiss ? .cacheMiss : .cacheFailure, operationName: operationName, underlying: cacheError,
            reason: reason)
    }

    /// The cache's own error, for ``Code/cacheMiss`` and ``Code/cacheFailure``: the record, field and path involved.
    public var cacheError: CacheError? { underlying as? CacheError }

    /// Whether the server could not be reached or failed as a server (a transport error, a timeout, a 5xx status):
    /// the failures for which ``CachePolicy/networkFirst`` answers from the cache. An answer from the server, such as
    /// GraphQL validation errors or a 4xx, is not one.
    public var isNetworkFailure: Bool {
        switch code {
        case .network, .timeout: true
        case .cancelled, .cacheMiss, .cacheFailure, .mappingFailed, .invalidRequest, .persistedQueryNotFound: false
        default: (statusCode ?? 0) >= 500
        }
    }
}
