/// The HTTP method a GraphQL query is sent with; mutations are always POSTed.
public enum GraphQLQueryMethod: Sendable, Hashable {
    /// POST with a JSON body: what every GraphQL-over-HTTP server accepts (the default).
    case post
    /// GET with the request in URL parameters: cacheable by HTTP caches, for short documents and persisted-query ids.
    ///
    /// GraphQL over HTTP lets a server take POST only: one that answers GET with 405 (Method Not Allowed) is sent the
    /// request again once, as POST, and the client sends every later query to it as POST. Mutations never go out as
    /// GET (the spec's servers answer a GET mutation with 405).
    case get
    /// QUERY, the safe and idempotent HTTP method with a body (the HTTP QUERY method draft, proposed for GraphQL over
    /// HTTP): cacheable like GET, with POST's JSON body, so no document is too long for it.
    ///
    /// A server that answers it with 405 (Method Not Allowed) or 501 (Not Implemented) is sent the request again
    /// once, as POST, and the client sends every later query to it as POST.
    case query
}
