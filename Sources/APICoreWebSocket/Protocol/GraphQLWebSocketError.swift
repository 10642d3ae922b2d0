import APICoreKit

/// Why a WebSocket subscription or its connection failed: the detail behind the `APIError` a subscription throws,
/// in its `APIError/underlying`.
public struct GraphQLWebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The server sent a frame that is not a message of the protocol: binary, malformed JSON, an unknown type, a
        /// missing id or payload. The client closes the socket with 4400, as the protocol says.
        case invalidMessage
        /// The server closed the socket with a code after which the protocol says not to reconnect.
        case closed
        /// The server refused the connection: 4401, 4403, or the legacy protocol's `connection_error`.
        case rejected
        /// The connection could not be (re)established within the reconnection policy's attempts.
        case connectionFailed
        /// The connection was lost and the client reconnects: it ended without a close frame, closed with a code
        /// worth retrying, or stayed silent past the keep-alive interval (``closeCode`` 4499). Only reported, in
        /// ``WebSocketConnectionEvent/lost(_:)``; a subscription fails with ``connectionFailed`` once the attempts are
        /// spent.
        case connectionLost
        /// The subscription id is already in use on this connection.
        case duplicateSubscriptionID
        /// The server answered the subscription with an `error` message (GraphQL errors, before or instead of data).
        case graphQL
    }

    /// What went wrong.
    public let kind: Kind
    /// The close code, when the socket was closed.
    public let closeCode: UInt16?
    /// A short reason in words: the close reason or what was wrong with a message; never a payload.
    public let reason: String
    /// The GraphQL errors of an `error` message.
    public let graphQLErrors: [GraphQLError]

    /// An error of the given kind.
    public init(_ kind: Kind, closeCode: UInt16? = nil, reason: String, graphQLErrors: [GraphQLError] = []) {
        self.kind = kind
        self.closeCode = closeCode
        self.reason = reason
        self.graphQLErrors = graphQLErrors
    }

    /// The kind and the reason, followed by the close code when there is one.
    public var description: String {
        let code = closeCode.map { " (close code \($0))" } ?? ""
        return "\(kind): \(reason)\(code)"
    }

    /// The package's error for a subscription named `operationName` that failed with this error.
    public func apiError(operationName: String?) -> APIError {
        let code: APIError.Code =
            switch kind {
            case .invalidMessage: .invalidResponse
            case .closed: .webSocketClosed
            case .rejected: .unauthorized
            case .connectionFailed, .connectionLost: .network
            case .duplicateSubscriptionID: .invalidRequest
            case .graphQL: .graphQL
            }
        return APIError(
            code, operationName: operationName, graphQLErrors: graphQLErrors, underlying: self, reason: description)
    }
}

extension APIError.Code {
    /// The server closed a subscription's WebSocket with a code after which the client does not reconnect (4400,
    /// 4409, 4500, or a fatal 1xxx code). See ``GraphQLWebSocketError/closeCode``.
    public static let webSocketClosed = APIError.Code(rawValue: "webSocketClosed")
}
