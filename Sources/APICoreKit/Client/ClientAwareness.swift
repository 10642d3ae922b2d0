/// Who the client is, told to the server in Apollo's client-awareness header fields (`apollographql-client-name`,
/// `apollographql-client-version`), which registries (GraphOS, Hive) and persisted-query safelists key their metrics
/// and operation lists on.
///
/// Set on ``APIClientConfiguration/clientAwareness``, the fields go with every HTTP request of the client: queries,
/// mutations, uploads, incremental (`@defer`) requests, REST calls, and the subscriptions of a
/// ``MultipartSubscriptionTransport`` made from the configuration. A header field of the same name in
/// ``APIClientConfiguration/headers`` or a call's ``RequestOptions/headers`` wins. A WebSocket transport has its own
/// handshake header fields: give it ``headers``.
public struct ClientAwareness: Sendable, Hashable {
    /// The header field that carries ``name``.
    public static let nameHeader = "apollographql-client-name"
    /// The header field that carries ``version``.
    public static let versionHeader = "apollographql-client-version"

    /// The client's name, such as `ios-app`.
    public var name: String
    /// The client's version, such as `2.4.1 (812)`; `nil` sends no version field.
    public var version: String?

    /// A client named `name`, at `version`.
    public init(name: String, version: String? = nil) {
        self.name = name
        self.version = version
    }

    /// The header fields that say who the client is: the name, and the version when there is one.
    public var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        headers[Self.nameHeader] = name
        if let version { headers[Self.versionHeader] = version }
        return headers
    }
}
