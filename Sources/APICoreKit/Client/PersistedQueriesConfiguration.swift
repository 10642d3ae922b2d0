/// Persisted queries: requests that carry an operation's id (by default the SHA-256 of its document, the generated
/// `operationIdentifier`) in `extensions.persistedQuery` instead of, or before, the document.
///
/// - ``Mode/automatic`` (Automatic Persisted Queries, APQ): the first request carries only the id. When the server
///   answers `PersistedQueryNotFound`, the client sends the document with the id, and later calls need only the id.
///   The request that registers the document is always a POST, even when queries use GET: a long document in a URL
///   risks `414 URI Too Long`. A server that answers `PersistedQueryNotSupported` gets whole documents from then on.
/// - ``Mode/identifierOnly`` (a safelist: Apollo's persisted-query manifests, GraphOS, Hive, Stellate): every request
///   carries only the id, the operation name and the variables, and never the document, not even as a fallback. The
///   server holds the documents, registered from the manifest the code generator writes (`output.operationManifest`,
///   Apollo's `apollo-persisted-query-manifest` format). A server that does not know the id fails the call with
///   ``APIError/Code/persistedQueryNotFound``.
///
/// ```swift
/// var configuration = APIClientConfiguration(graphQLEndpoint: url)
/// configuration.persistedQueries = PersistedQueriesConfiguration(mode: .identifierOnly, usesGETForHashedQueries: true)
/// ```
///
/// A call can choose its own mode with ``RequestOptions/persistedQueryMode``, or send its document with
/// ``RequestOptions/usesPersistedQueries`` off. Subscriptions are not sent as persisted queries.
public struct PersistedQueriesConfiguration: Sendable, Hashable {
    /// What a persisted query sends.
    public enum Mode: Sendable, Hashable {
        /// Automatic Persisted Queries: the id first, and the document when the server asks for it.
        case automatic
        /// Only the id, never the document: for servers that execute only the operations of their safelist.
        ///
        /// A generated operation without an `operationIdentifier` fails with ``APIError/Code/invalidRequest`` before
        /// anything is sent. A hand-written document's id is the SHA-256 of its text, which is what the code generator
        /// computes by default for a document written the same way. Files are uploaded in a multipart POST whose
        /// `operations` carry the id instead of the document.
        case identifierOnly
    }

    /// What persisted queries send: ``Mode/automatic`` by default.
    public var mode: Mode
    /// Whether queries that carry only an id go out with GET, so CDNs can cache them (they do too when all queries
    /// use GET). Mutations always use POST.
    public var usesGETForHashedQueries: Bool

    /// Persisted queries in `mode`; with `usesGETForHashedQueries`, queries that carry only an id use GET.
    public init(mode: Mode = .automatic, usesGETForHashedQueries: Bool = false) {
        self.mode = mode
        self.usesGETForHashedQueries = usesGETForHashedQueries
    }
}
