/// The WebSocket subprotocol a subscription transport speaks.
public enum GraphQLWebSocketProtocol: String, Sendable, Hashable, CaseIterable {
    /// `graphql-transport-ws`, from the graphql-ws library: the current protocol, with ping and pong both ways.
    case graphQLTransportWS = "graphql-transport-ws"
    /// `graphql-ws`, from the retired subscriptions-transport-ws library: the legacy protocol, with server keep-alives.
    case graphQLWS = "graphql-ws"

    /// The `Sec-WebSocket-Protocol` value.
    public var subprotocol: String { rawValue }
}
