import APICoreGraphQL

extension Int64: GraphQLCustomScalar {
    /// Reads an exact 64-bit integer, from a JSON integer or from a string of digits (servers send both for `Long`).
    public init(jsonValue: JSONValue) throws(GraphQLDecodingError) {
        switch jsonValue {
        case .int(let value):
            self = value
        case .string(let text):
            guard let value = Int64(text) else {
                throw GraphQLDecodingError(.invalidScalar(type: "Int64", reason: "a string that is not an integer"))
            }
            self = value
        case .double(let value):
            guard let exact = Int64(exactly: value) else {
                throw GraphQLDecodingError(.invalidScalar(type: "Int64", reason: "a number that is not an integer"))
            }
            self = exact
        case .numberText(let text):
            self = try GraphQLDecodingError.integer(text, as: Int64.self, scalar: "Int64")
        default:
            throw GraphQLDecodingError.mismatch(expected: "integer", found: jsonValue)
        }
    }
}

extension UInt64: GraphQLCustomScalar {
    /// Reads an exact unsigned 64-bit integer, from a JSON integer, a string of digits, or a number with no fraction:
    /// one above `Int64.max` that a double does not hold, such as `18446744073709551615`, is read from its text.
    public init(jsonValue: JSONValue) throws(GraphQLDecodingError) {
        switch jsonValue {
        case .int(let value):
            guard let exact = UInt64(exactly: value) else {
                throw GraphQLDecodingError(.invalidScalar(type: "UInt64", reason: "a negative integer"))
            }
            self = exact
        case .string(let text):
            guard let value = UInt64(text) else {
                throw GraphQLDecodingError(.invalidScalar(type: "UInt64", reason: "a string that is not an integer"))
            }
            self = value
        case .double(let value):
            guard let exact = UInt64(exactly: value) else {
                throw GraphQLDecodingError(.invalidScalar(type: "UInt64", reason: "a number that is not an integer"))
            }
            self = exact
        case .numberText(let text):
            self = try GraphQLDecodingError.integer(text, as: UInt64.self, scalar: "UInt64")
        default:
            throw GraphQLDecodingError.mismatch(expected: "integer", found: jsonValue)
        }
    }

    /// The integer as a JSON integer when it fits in `Int64`, else as a string of its digits, which a JSON value
    /// can hold exactly.
    public var jsonValue: JSONValue {
        Int64(exactly: self).map { .int($0) } ?? .string(String(self))
    }
}
