import APICoreGraphQL

/// A value an encoder has started: finished, or a container that may still be filled in through a reference that
/// an `Encodable` type holds (nested containers and super encoders stay open until their parent is finished).
enum JSONPendingValue {
    case value(JSONValue)
    case object(JSONPendingObject)
    case array(JSONPendingArray)
    case encoder(JSONValueEncoderState)

    /// The JSON value as encoded so far.
    func resolved() -> JSONValue {
        switch self {
        case .value(let value): value
        case .object(let object): object.resolved()
        case .array(let array): array.resolved()
        case .encoder(let encoder): encoder.resolvedRootValue()
        }
    }
}
