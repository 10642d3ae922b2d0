import Foundation

/// Carries subscriptions over plain HTTP: each subscription is one POST whose response streams its events as
/// `multipart/mixed` parts (Apollo's multipart subscription protocol, served by Apollo Router and strawberry, among
/// others), so no WebSocket is needed.
///
/// The request asks for `multipart/mixed;subscriptionSpec="1.0"` and goes through the given interceptors, which see
/// the response head while the body streams below them (the rules are those of ``HTTPStreamingTransport``). Then:
/// - each part `{"payload": {data, errors, extensions}}` is one result, yielded as soon as the part has arrived;
/// - heartbeat parts (`{}`) are skipped;
/// - a part with `errors` beside its payload is a transport error: the stream throws ``APIError/Code/graphQL`` with
///   those errors;
/// - the closing boundary completes the subscription: the stream finishes;
/// - a body that ends before it, or a part that is not such JSON, throws ``APIError/Code/invalidResponse`` (or
///   ``APIError/Code/parsing`` for malformed JSON), after the results before it.
///
/// A server that answers with a single JSON result instead (a request error, a server without multipart
/// subscriptions) ends the stream after that result, or throws ``APIError/Code/graphQL`` when it has errors and no
/// data; other answers fail as queries do (``APIError/Code/httpStatus``, ``APIError/Code/unauthorized``,
/// ``APIError/Code/invalidResponse`` for another content type). Cancelling the consuming task, or leaving the loop,
/// cancels the request, which ends the subscription on the server. There is no reconnection: a request's resumption
/// only drops repeated results.
///
/// ```swift
/// var configuration = APIClientConfiguration(graphQLEndpoint: url)
/// configuration.subscriptionTransport = MultipartSubscriptionTransport(configuration: configuration)
/// let client = APIClient(configuration: configuration)
/// for try await event in client.subscribe(CountdownSubscription(from: 3)) { ... }
/// ```
public struct MultipartSubscriptionTransport: GraphQLSubscriptionTransport {
    /// The `Accept` field of a subscription request: multipart events, or a single JSON result.
    static let acceptHeader = #"multipart/mixed;subscriptionSpec="1.0", application/json"#

    /// The GraphQL endpoint.
    public var endpoint: URL
    /// Sends the requests; one that is an ``HTTPStreamingTransport`` delivers each event as it arrives, another only
    /// once the whole response has (fine for tests with an in-memory transport, not for endless subscriptions).
    public var transport: any HTTPTransport
    /// The interceptors each subscription request goes through, outermost first.
    public var interceptors: [any APIInterceptor]
    /// Header fields sent with every subscription request.
    public var headers: HTTPHeaders
    /// Reads the parts' JSON.
    public var jsonReader: JSONReader
    /// The most bytes one event (one part of the response) may take; `nil` for no limit. See
    /// ``APIClientConfiguration/maximumResponseSize``.
    public var maximumEventSize: Int?

    /// A transport for the GraphQL endpoint `endpoint`.
    public init(
        endpoint: URL,
        transport: any HTTPTransport = APIClientConfiguration.defaultTransport(),
        interceptors: [any APIInterceptor] = [],
        headers: HTTPHeaders = HTTPHeaders(),
        jsonReader: JSONReader = JSONReader(),
        maximumEventSize: Int? = APIClientConfiguration.defaultMaximumResponseSize
    ) {
        self.endpoint = endpoint
        self.transport = transport
        self.interceptors = interceptors
        self.headers = headers
        self.jsonReader = jsonReader
        self.maximumEventSize = maximumEventSize
    }

    /// A transport that reaches the server as a client with `configuration` does: its GraphQL endpoint, transport,
    /// interceptors, header fields (with the ``APIClientConfiguration/clientAwareness`` fields) and JSON reader.
    public init(configuration: APIClientConfiguration) {
        self.init(
            endpoint: configuration.graphQLEndpoint, transport: configuration.transport,
            interceptors: configuration.interceptors, headers: configuration.requestHeaders,
            jsonReader: configuration.jsonReader, maximumEventSize: configuration.maximumResponseSize)
    }

    /// Starts a subscription: one POST, whose response's parts are yielded as they arrive.
    public func subscribe(_ request: GraphQLSubscriptionRequest) -> AsyncThrowingStream<GraphQLResponseBody, any Error>
    {
        stream(request) { $0.body }
    }

    /// Starts a subscription as ``subscribe(_:)`` does, each result with the response's status and header fields.
    public func subscribeToEvents(
        _ request: GraphQLSubscriptionRequest
    ) -> AsyncThrowingStream<GraphQLSubscriptionEvent, any Error> {
        stream(request) { $0 }
    }

    /// The subscription's events as `element` makes them.
    private func stream<Element: Sendable>(
        _ request: GraphQLSubscriptionRequest,
        of element: @escaping @Sendable (GraphQLSubscriptionEvent) -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        let name = request.operationName ?? "anonymous subscription"
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await run(request, operationName: name) { event in
                        if request.resumption?(event.body).isDuplicate == true { return }
                        continuation.yield(element(event))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: APIError(wrapping: error, operationName: name))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Sends the subscription and hands each result to `deliver` as it arrives.
    private func run(
        _ subscription: GraphQLSubscriptionRequest,
        operationName name: String,
        deliver: (GraphQLSubscriptionEvent) -> Void
    ) async throws {
        var payload = GraphQLPayload(
            document: subscription.document, operationName: subscription.operationName,
            operationType: .subscription, variables: subscription.variables, extensions: subscription.extensions)
        payload.onError = subscription.errorBehavior
        var request = try payload.httpRequest(
            endpoint: endpoint, method: .post, headers: headers, isIdempotent: false)
        request.headers["Accept"] = Self.acceptHeader
        let answer = try await StreamedExchange.sendGraphQL(
            request, interceptors: interceptors, transport: transport, maximumResponseSize: maximumEventSize,
            operationName: name, reader: jsonReader)
        let streamed: HTTPStreamingResponse
        var parser: MultipartMixedParser
        switch answer {
        case .multipart(let stream, let multipartParser):
            (streamed, parser) = (stream, multipartParser)
        case .whole(let whole, let response):
            let single = response.body
            if single.data == nil, !single.errors.isEmpty {
                var error = APIError(
                    .graphQL, operationName: name, statusCode: whole.statusCode, graphQLErrors: single.errors)
                error.responseExtensions = single.extensions
                throw error
            }
            deliver(GraphQLSubscriptionEvent(body: single, statusCode: whole.statusCode, headers: whole.headers))
            return
        }
        let response = streamed.head
        for try await chunk in streamed.body {
            for part in try parser.append(chunk) {
                let json = try MultipartMixedBody.json(
                    ofPart: part, reader: jsonReader, response: response, operationName: name)
                switch try MultipartSubscriptionPart(json: json) {
                case .heartbeat:
                    continue
                case .payload(let body):
                    deliver(
                        GraphQLSubscriptionEvent(body: body, statusCode: response.statusCode, headers: response.headers)
                    )
                case .transportError(let errors):
                    streamed.cancel()
                    throw APIError(
                        .graphQL, operationName: name, statusCode: response.statusCode, graphQLErrors: errors,
                        reason: "the server ended the subscription with a transport error")
                }
            }
            if parser.isClosed { break }
        }
        try Task.checkCancellation()
        try parser.finish()
    }
}
