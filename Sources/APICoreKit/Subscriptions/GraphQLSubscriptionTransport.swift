/// Carries subscriptions for an ``APIClient``: the WebSocket transport of `APICoreWebSocket`,
/// ``MultipartSubscriptionTransport`` (multipart HTTP), or another.
///
/// The client sends queries and mutations through its HTTP transport and interceptors, and subscriptions through
/// this transport (see ``APIClientConfiguration/subscriptionTransport``).
public protocol GraphQLSubscriptionTransport: Sendable {
    /// Starts a subscription. The stream yields each result as it arrives, finishes when the server completes the
    /// subscription, and throws an ``APIError`` when it fails. When the consumer stops iterating (its task is
    /// cancelled), the transport ends the subscription on the server.
    func subscribe(_ request: GraphQLSubscriptionRequest) -> AsyncThrowingStream<GraphQLResponseBody, any Error>

    /// Starts a subscription as ``subscribe(_:)`` does, each result with the HTTP status and header fields of the
    /// response it came in, for a transport that has them (a multipart subscription's `Cache-Control` applies to
    /// its events). The default yields the results of ``subscribe(_:)`` without them.
    func subscribeToEvents(
        _ request: GraphQLSubscriptionRequest
    ) -> AsyncThrowingStream<GraphQLSubscriptionEvent, any Error>
}

extension GraphQLSubscriptionTransport {
    /// Yields each result of ``GraphQLSubscriptionTransport/subscribe(_:)`` as an event without a status or header
    /// fields; ends the subscription when the consumer stops iterating.
    public func subscribeToEvents(
        _ request: GraphQLSubscriptionRequest
    ) -> AsyncThrowingStream<GraphQLSubscriptionEvent, any Error> {
        let results = subscribe(request)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await body in results { continuation.yield(GraphQLSubscriptionEvent(body: body)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// One result of a subscription, with what the transport knows of the response it came in.
public struct GraphQLSubscriptionEvent: Sendable {
    /// The result.
    public var body: GraphQLResponseBody
    /// The HTTP status of the response the event came in; `nil` over WebSocket.
    public var statusCode: Int?
    /// The header fields of the response the event came in (empty over WebSocket): its `Cache-Control` applies to
    /// the event's records as to a query's.
    public var headers: HTTPHeaders

    /// An event.
    public init(body: GraphQLResponseBody, statusCode: Int? = nil, headers: HTTPHeaders = HTTPHeaders()) {
        self.body = body
        self.statusCode = statusCode
        self.headers = headers
    }
}

/// A subscription as a transport sends it.
public struct GraphQLSubscriptionRequest: Sendable {
    /// The operation's name; `nil` for an anonymous operation in a document with one operation.
    public var operationName: String?
    /// The document text.
    public var document: String
    /// The variables of the first subscription.
    public var variables: JSONObject
    /// Extensions sent with the operation, if any.
    public var extensions: JSONObject?
    /// What the server should do when a field fails, sent as `onError` in the payload only when set: the client's
    /// ``APIClientConfiguration/errorBehavior`` for its subscriptions.
    public var errorBehavior: GraphQLErrorBehavior?
    /// Sees each result in order as it arrives, before any later one is read: says whether it repeats one already
    /// delivered (it is dropped) and which variables to subscribe with if the transport must subscribe again, as
    /// after a reconnection.
    public var resumption: (@Sendable (GraphQLResponseBody) -> GraphQLSubscriptionResumePoint)?

    /// A request.
    public init(
        operationName: String?,
        document: String,
        variables: JSONObject = JSONObject(),
        extensions: JSONObject? = nil,
        errorBehavior: GraphQLErrorBehavior? = nil,
        resumption: (@Sendable (GraphQLResponseBody) -> GraphQLSubscriptionResumePoint)? = nil
    ) {
        self.operationName = operationName
        self.document = document
        self.variables = variables
        self.extensions = extensions
        self.errorBehavior = errorBehavior
        self.resumption = resumption
    }

    /// The `subscribe` payload: `query`, `operationName`, `variables`, `extensions` and `onError`.
    public func payload(variables: JSONObject) -> JSONObject {
        var payload: JSONObject = ["query": .string(document)]
        if let operationName { payload["operationName"] = .string(operationName) }
        payload["variables"] = .object(variables)
        if let extensions { payload["extensions"] = .object(extensions) }
        if let errorBehavior { payload["onError"] = .string(errorBehavior.rawValue) }
        return payload
    }
}

/// What a subscription's resumption makes of one result.
public struct GraphQLSubscriptionResumePoint: Sendable, Hashable {
    /// The result repeats one already delivered: drop it.
    public var isDuplicate: Bool
    /// The variables to subscribe with from now on, if they changed.
    public var variables: JSONObject?

    /// A resume point.
    public init(isDuplicate: Bool = false, variables: JSONObject? = nil) {
        self.isDuplicate = isDuplicate
        self.variables = variables
    }
}
