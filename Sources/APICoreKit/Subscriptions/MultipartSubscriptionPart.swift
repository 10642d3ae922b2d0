/// One part of a subscription answered over multipart HTTP (Apollo's multipart subscription protocol): a heartbeat,
/// an event's result, or an error that ends the subscription.
enum MultipartSubscriptionPart: Equatable {
    /// `{}`: the connection is alive; nothing to deliver.
    case heartbeat
    /// `{"payload": {data, errors, extensions}}`: one event's result.
    case payload(GraphQLResponseBody)
    /// `{"payload": null, "errors": [...]}` (errors beside the payload, not in it): the transport failed and the
    /// subscription is over.
    case transportError([GraphQLError])

    /// Reads a part's JSON; throws ``APIError/Code/invalidResponse`` for one that is none of the above.
    init(json: JSONValue) throws(APIError) {
        guard case .object(let object) = json else {
            throw Self.invalid("a part that is not a JSON object")
        }
        if case .array(let errors)? = object["errors"] {
            self = .transportError(errors.map(GraphQLError.init(json:)))
            return
        }
        switch object["payload"] {
        case nil where object.isEmpty:
            self = .heartbeat
        case let payload? where payload != .null:
            guard let body = GraphQLResponseBody(json: payload) else {
                throw Self.invalid("a payload with neither data nor errors")
            }
            self = .payload(body)
        default:
            throw Self.invalid("a part with neither a payload nor errors")
        }
    }

    private static func invalid(_ reason: String) -> APIError {
        APIError(.invalidResponse, reason: "multipart subscription: \(reason)")
    }
}
