import APICoreKit
import Foundation

extension InMemoryTransport {
    /// One canned answer: an HTTP response or a thrown error, optionally after a delay.
    ///
    /// ```swift
    /// transport.stub(operationName: "UserDetails", .graphQL(data: ["user": nil]))
    /// transport.stub(operationName: "UserDetails", .networkFailure.delayed(by: .seconds(1)))
    /// transport.stub(.get, "/rest/users/1", .json(["id": "1", "name": "Ada"]))
    /// ```
    public struct Stub: Sendable {
        /// What the transport does when the stub answers.
        public enum Outcome: Sendable {
            /// Returns the response.
            case response(HTTPResponse)
            /// Throws the error, as a transport does when no response arrived.
            case failure(any Error & Sendable)
        }

        /// What the transport does.
        public var outcome: Outcome
        /// How long the transport waits before answering; the wait ends early, with `CancellationError`, when the
        /// calling task is cancelled.
        public var delay: Duration?

        /// A stub with the given outcome and delay.
        public init(_ outcome: Outcome, delay: Duration? = nil) {
            self.outcome = outcome
            self.delay = delay
        }

        /// The same stub, answering after `delay`.
        public func delayed(by delay: Duration) -> Stub {
            var stub = self
            stub.delay = delay
            return stub
        }
    }
}

extension InMemoryTransport.Stub {
    /// A GraphQL response body: `data` (left out when `nil`), `errors` (left out when empty) and `extensions` (left
    /// out when empty), as `application/graphql-response+json`.
    public static func graphQL(
        data: JSONObject?,
        errors: [GraphQLError] = [],
        extensions: JSONObject = JSONObject(),
        status: Int = 200,
        headers: HTTPHeaders = HTTPHeaders()
    ) -> Self {
        var body = JSONObject()
        if let data { body["data"] = .object(data) }
        if !errors.isEmpty { body["errors"] = .array(errors.map(\.jsonValue)) }
        if !extensions.isEmpty { body["extensions"] = .object(extensions) }
        var headers = headers
        headers["Content-Type"] = headers["Content-Type"] ?? "application/graphql-response+json"
        return .raw(Data(JSONWriter().write(.object(body))), status: status, headers: headers)
    }

    /// A GraphQL response with errors and no data, as servers answer request errors.
    public static func graphQLErrors(_ errors: [GraphQLError], status: Int = 200) -> Self {
        .graphQL(data: nil, errors: errors, status: status)
    }

    /// A JSON body (a REST response, or a hand-made GraphQL envelope) as `application/json`.
    public static func json(_ value: JSONValue, status: Int = 200, headers: HTTPHeaders = HTTPHeaders()) -> Self {
        var headers = headers
        headers["Content-Type"] = headers["Content-Type"] ?? "application/json"
        return .raw(Data(JSONWriter().write(value)), status: status, headers: headers)
    }

    /// Exactly these bytes, status and header fields.
    public static func raw(_ body: Data, status: Int = 200, headers: HTTPHeaders = HTTPHeaders()) -> Self {
        Self(.response(HTTPResponse(statusCode: status, headers: headers, body: body)))
    }

    /// A failing (or any) status with a short `text/plain` body, as proxies and load balancers answer.
    public static func status(_ status: Int, headers: HTTPHeaders = HTTPHeaders()) -> Self {
        var headers = headers
        headers["Content-Type"] = headers["Content-Type"] ?? "text/plain; charset=utf-8"
        return .raw(Data("HTTP \(status)".utf8), status: status, headers: headers)
    }

    /// Throws `error` instead of answering.
    public static func failure(_ error: any Error & Sendable) -> Self {
        Self(.failure(error))
    }

    /// Throws an `APIError` with `code`, as a transport or an interceptor would.
    public static func error(_ code: APIError.Code) -> Self {
        .failure(APIError(code, reason: "stubbed by InMemoryTransport"))
    }

    /// A connection that never got a response: the client reports `APIError/Code/network`.
    public static var networkFailure: Self {
        .failure(URLError(.notConnectedToInternet))
    }

    /// The default answer to a request without a stub: 404 with a `text/plain` body, which the client reports as
    /// `APIError/Code/httpStatus`.
    public static var notFound: Self {
        .raw(Data("no stub for this request".utf8), status: 404, headers: ["Content-Type": "text/plain; charset=utf-8"])
    }
}
