/// The close codes of the GraphQL WebSocket protocols, and what the client does after each.
///
/// - 4400 Bad Request (the peer sent an invalid message), 4409 Subscriber already exists, 4500 Internal server error:
///   fatal; every live subscription fails.
/// - 4401 Unauthorized, 4403 Forbidden: the server rejected the credentials. After a 4401 the client reconnects
///   once with a freshly obtained connection payload (the token provider may have refreshed); a second rejection
///   fails every live subscription as unauthorized. A 4403 fails them at once: the credentials were understood and
///   refused, and sending them again cannot change that.
/// - 4408 Connection initialisation timeout, 4429 Too many initialisation requests, 4504 Connection
///   acknowledgement timeout (the client's own), 4499 Terminated (a missed pong), and the transient 1000, 1001, 1005,
///   1006, 1012, 1013, 1014, or a connection that could not be opened: reconnect with backoff and resubscribe. A new
///   socket starts with a fresh `connection_init`, so neither initialisation error can persist.
/// - Any other 1xxx code: fatal, as a WebSocket-level failure that a reconnection would meet again.
public enum GraphQLWebSocketCloseCode {
    /// 1000: normal closure.
    public static let normalClosure: UInt16 = 1000
    /// 4400: the peer sent an invalid message.
    public static let badRequest: UInt16 = 4400
    /// 4401: unauthorized (also: a subscribe before the connection was acknowledged).
    public static let unauthorized: UInt16 = 4401
    /// 4403: forbidden.
    public static let forbidden: UInt16 = 4403
    /// 4408: the server received no `connection_init` in time.
    public static let connectionInitialisationTimeout: UInt16 = 4408
    /// 4409: a subscription with this id already exists.
    public static let subscriberAlreadyExists: UInt16 = 4409
    /// 4429: more than one `connection_init`.
    public static let tooManyInitialisationRequests: UInt16 = 4429
    /// 4499: the client gave up on a connection that stopped answering pings.
    public static let terminated: UInt16 = 4499
    /// 4500: the server failed internally.
    public static let internalServerError: UInt16 = 4500
    /// 4504: the client received no `connection_ack` in time.
    public static let connectionAcknowledgementTimeout: UInt16 = 4504

    /// What the client does after the socket closed with `code` (`nil`: closed without a close frame, or never
    /// opened).
    enum Disposition: Equatable {
        case reconnect
        case reconnectWithFreshCredentials
        case fail(GraphQLWebSocketError.Kind)
    }

    static func disposition(of code: UInt16?, hasRetriedCredentials: Bool) -> Disposition {
        guard let code else { return .reconnect }
        switch code {
        case unauthorized: return hasRetriedCredentials ? .fail(.rejected) : .reconnectWithFreshCredentials
        case forbidden: return .fail(.rejected)
        case badRequest, subscriberAlreadyExists, internalServerError: return .fail(.closed)
        case connectionInitialisationTimeout, tooManyInitialisationRequests, terminated,
            connectionAcknowledgementTimeout:
            return .reconnect
        case 1000, 1001, 1005, 1006, 1012, 1013, 1014: return .reconnect
        case 1000...1999: return .fail(.closed)
        default: return .reconnect
        }
    }
}
