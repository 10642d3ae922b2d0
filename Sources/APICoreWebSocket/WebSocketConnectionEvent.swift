/// What happened to a ``WebSocketSubscriptionTransport``'s connection: for a status line ("reconnecting…"), a log or
/// a metric. Subscriptions carry on through a lost connection by themselves; these events only say what is going on.
///
/// A lost connection is followed by ``reconnecting(attempt:delay:)`` and, once the server acknowledges a new socket
/// and every live subscription was sent again, ``connected(number:)``; or by ``failed(_:)`` when the reconnection
/// policy's attempts are spent or the server closed with a code after which the client does not reconnect.
public enum WebSocketConnectionEvent: Sendable, Hashable {
    /// The server acknowledged a connection (`connection_ack`) and every live subscription was sent on it. `number`
    /// counts the transport's acknowledged connections: 1 for the first, one more for each after it (a reconnection,
    /// or a new connection after an idle close).
    case connected(number: Int)
    /// The connection was lost: it ended without a close frame, closed with a code worth retrying, stayed silent past
    /// the keep-alive interval (close code 4499), was not acknowledged in time (4504), or the server sent an invalid
    /// message (``GraphQLWebSocketError/Kind/invalidMessage``, closed with 4400). A socket that could not be opened
    /// at all is reported as lost too.
    case lost(GraphQLWebSocketError)
    /// The client opens a new socket after `delay`: its `attempt`th in a row since a connection last worked.
    case reconnecting(attempt: Int, delay: Duration)
    /// The connection failed for good: every live subscription failed with this error.
    case failed(GraphQLWebSocketError)
    /// The connection ended with no subscription left: closed after the grace period, lost while none was live, or
    /// no longer reconnected because the last subscription ended while the client waited to. Nothing reconnects
    /// until the next subscription.
    case closed
}
