/// HTTP batching of queries (the batching proposal of GraphQL over HTTP, which Apollo Server, strawberry and
/// graphql-yoga accept): queries sent within a short window go to the server as one POST whose body is a JSON array
/// of requests, and are answered by a JSON array of results in the same order.
///
/// A screen that starts six queries then makes one HTTP request instead of six. Each query still goes through the
/// interceptors on its own (its own headers, log line, metrics, retries and refreshed credentials), and gets its own
/// result, cache write, errors and cancellation: the batch is formed below the interceptors, just before the
/// transport, and its answer is split back into one response per query.
///
/// Only queries sent by POST with a JSON body are batched, and only with others going to the same URL with the same
/// header fields (an authorization, tenant or language header that differs keeps them apart). Mutations, file uploads,
/// subscriptions, `@defer` and `@stream` responses, and GET or QUERY requests are never batched. A query alone in its
/// window is sent as a plain request.
///
/// A server that does not batch answers the array with one result (often a 400 and an error): every query of the
/// batch then fails with ``APIError/Code/invalidResponse``, its ``APIError/reason`` saying so and its
/// ``APIError/graphQLErrors`` holding the server's. An array of the wrong length fails them the same way. An answer
/// of status 401, 403, 429 or 5xx that is not a list goes to every query as it is, as it would to each alone, so that
/// credentials are refreshed and retries made as usual (a retried query joins a new batch).
public struct GraphQLBatching: Sendable, Hashable {
    /// How long a batch waits for more queries after its first, before it is sent: 10 ms by default.
    public var window: Duration
    /// The most queries in one batch; a batch that reaches it is sent at once, before its window ends. 10 by default.
    public var maximumOperations: Int
    /// Whether queries are batched unless their options say otherwise (``RequestOptions/batches``): on by default.
    /// Off, only the queries whose options ask for it are.
    public var batchesByDefault: Bool

    /// Batching with the given window, size cap and default.
    public init(window: Duration = .milliseconds(10), maximumOperations: Int = 10, batchesByDefault: Bool = true) {
        precondition(maximumOperations >= 1, "a batch holds at least one operation")
        precondition(window >= .zero, "a batching window cannot be negative")
        self.window = window
        self.maximumOperations = maximumOperations
        self.batchesByDefault = batchesByDefault
    }
}
