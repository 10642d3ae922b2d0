/// Attaches a ``GraphQLDecodingObserver`` to the decode of each GraphQL result the client decodes as it streams in
/// (subscription events, incremental `@defer` payloads), so that a normalized cache can write their records in the
/// same pass and tell its watchers.
///
/// Set it as ``APIClientConfiguration/decodingObservation``.
public protocol GraphQLDecodingObservation: Sendable {
    /// An observer for decoding one result of the described operation, or `nil` to decode without one.
    func observer(for result: GraphQLResultDescription) -> (any GraphQLDecodingObserver)?

    /// Called once the result decoded (`succeeded`) or failed to, with the observer that saw it: the place to commit
    /// the records written, or to drop them.
    func didDecode(_ result: GraphQLResultDescription, observer: any GraphQLDecodingObserver, succeeded: Bool)
}

extension GraphQLDecodingObservation {
    public func didDecode(_ result: GraphQLResultDescription, observer: any GraphQLDecodingObserver, succeeded: Bool) {}
}

/// The operation a decoded result belongs to.
public struct GraphQLResultDescription: Sendable, Hashable {
    /// Where a result came from.
    public enum Delivery: Sendable, Hashable {
        /// One event of a subscription.
        case subscriptionEvent
        /// The response data so far of an incrementally delivered (`@defer`) response.
        case incremental
    }

    /// The operation's name.
    public let operationName: String
    /// The operation's kind.
    public let operationType: GraphQLOperationType
    /// The variables the data was selected with (defaults included).
    public let variables: JSONObject
    /// How the result arrived.
    public let delivery: Delivery

    /// A description.
    public init(
        operationName: String, operationType: GraphQLOperationType, variables: JSONObject, delivery: Delivery
    ) {
        self.operationName = operationName
        self.operationType = operationType
        self.variables = variables
        self.delivery = delivery
    }
}
