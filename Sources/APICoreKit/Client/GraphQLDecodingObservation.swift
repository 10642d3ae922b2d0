/// Attaches a `GraphQLDecodingObserver` to the decode of each GraphQL result of a generated operation the client
/// decodes (whole responses, incremental `@defer` payloads, subscription events), to see every object in the same
/// walk that decodes it; the client's cache normalizes in that walk beside it.
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
    /// Does nothing, for an observation whose observer keeps no state to commit or drop.
    public func didDecode(_ result: GraphQLResultDescription, observer: any GraphQLDecodingObserver, succeeded: Bool) {}
}

/// The operation a decoded result belongs to.
public struct GraphQLResultDescription: Sendable, Hashable {
    /// Where a result came from.
    public enum Delivery: Sendable, Hashable {
        /// The whole response of a query or mutation.
        case response
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
