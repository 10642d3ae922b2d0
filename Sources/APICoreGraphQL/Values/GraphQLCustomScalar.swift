/// A custom scalar type mapped to a Swift type by configuration (`Long` to `Int64`, `DateTime` to `Date`).
///
/// Conforming types decode from the exact JSON value the server sent, so a 64-bit identifier never passes through
/// `Double`, and encode back to the same JSON.
public protocol GraphQLCustomScalar: GraphQLLeafValue, GraphQLInputValue, Hashable {
    /// Decodes the scalar from its JSON value; throw ``GraphQLDecodingError`` with
    /// ``GraphQLDecodingError/Reason/invalidScalar(type:reason:)`` for a value of the wrong shape.
    init(jsonValue: JSONValue) throws(GraphQLDecodingError)
}

extension GraphQLCustomScalar {
    /// Decodes the scalar through ``GraphQLCustomScalar/init(jsonValue:)``, from the exact JSON value the server sent.
    public static func decode(
        from value: JSONValue,
        in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError) -> Self {
        try Self(jsonValue: value)
    }
}

extension GraphQLDecodingError {
    /// The integer of type `T` that a number kept as text (``JSONValue/numberText(_:)``) is exactly; an invalid
    /// `scalar` for a number with a fraction and one out of range for an integer that `T` cannot hold.
    @_alwaysEmitIntoClient
    package static func integer<T: FixedWidthInteger>(
        _ text: String, as type: T.Type, scalar: String
    ) throws(GraphQLDecodingError) -> T {
        guard let digits = JSONNumberDigits(text) else {
            throw GraphQLDecodingError(.invalidScalar(type: scalar, reason: "a number text that is not JSON"))
        }
        do {
            return try digits.integer(as: T.self)
        } catch .notIntegral {
            throw GraphQLDecodingError(.invalidScalar(type: scalar, reason: "a number that is not an integer"))
        } catch {
            throw GraphQLDecodingError(.invalidScalar(type: scalar, reason: "out of range"))
        }
    }
}
