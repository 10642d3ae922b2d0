import APICoreGraphQL

/// A standard-library scalar that the containers convert to and from `JSONValue` directly, without a nested
/// `Decoder` or `Encoder`.
protocol JSONScalar {
    /// The JSON kind the type is read from, as `JSONValue.kindName` spells it, for error messages.
    static var expectedKind: String { get }

    /// Reads the scalar from a JSON value.
    init(decodingJSONValue jsonValue: JSONValue) throws(JSONScalarFailure)

    /// The JSON value that represents the scalar.
    func encodedJSONValue() throws(JSONScalarFailure) -> JSONValue
}

/// Why a scalar could not be read from or written as JSON. Containers know the type and the coding path and turn
/// it into the standard `DecodingError` or `EncodingError`.
enum JSONScalarFailure: Error {
    case kindMismatch(found: JSONValue)
    case outOfRange
    case notIntegral
    case notFinite

    func decodingError<T: JSONScalar>(for type: T.Type, codingPath: [any CodingKey]) -> DecodingError {
        switch self {
        case .kindMismatch(let found):
            JSONCodingErrors.typeMismatch(type, expected: T.expectedKind, found: found, codingPath: codingPath)
        case .outOfRange, .notFinite:
            JSONCodingErrors.numberOutOfRange(type, codingPath: codingPath)
        case .notIntegral:
            JSONCodingErrors.numberNotIntegral(type, codingPath: codingPath)
        }
    }

    func encodingError(value: Any, codingPath: [any CodingKey]) -> EncodingError {
        JSONCodingErrors.notFinite(value, codingPath: codingPath)
    }
}
