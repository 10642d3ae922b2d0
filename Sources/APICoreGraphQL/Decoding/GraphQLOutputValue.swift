/// A value that can appear in GraphQL response data: scalars, enums, custom scalars, lists, optionals and selection
/// sets.
///
/// Decoding checks the response once, against the selections, before any value is read; a mismatch is a
/// ``GraphQLDecodingError`` that names the response path of the offending field. A value then reads the checked JSON
/// with `__decodeChecked(_:variables:)`. Only leaves (``GraphQLLeafValue``) decode themselves: a selection set is
/// checked through its selections, by the client's decoding.
public protocol GraphQLOutputValue: Sendable {
    /// Reads the value from JSON that was already checked against its type, as the properties of a
    /// ``GraphQLSelectionSet`` do; a selection set is wrapped without being checked again.
    static func __decodeChecked(_ value: JSONValue, variables: JSONObject) -> Self

    /// The value as the response JSON it stands for: what a generated selection set's initializer stores, so that
    /// data built from typed values reads, caches and prints like data a server sent.
    var __outputJSON: JSONValue { get }
}

/// A leaf of response data: a scalar, an enum or a custom scalar, or a list or an optional of one. A field's
/// ``GraphQLField/leafType`` names one, and checking a response decodes the field's value with it.
public protocol GraphQLLeafValue: GraphQLOutputValue {
    /// Decodes the value from the JSON the server (or the cache) holds for it.
    static func decode(from value: JSONValue, in context: GraphQLDecodingContext) throws(GraphQLDecodingError) -> Self
}

extension GraphQLOutputValue where Self: GraphQLInputValue {
    /// The value as JSON, as it is sent in a variable: scalars, custom scalars and enums read back from it.
    public var __outputJSON: JSONValue { jsonValue }
}

extension GraphQLOutputValue {
    /// The value as JSON through its ``GraphQLInputValue`` conformance; a type that is neither that nor a selection
    /// set cannot be written, which is a programming error.
    public var __outputJSON: JSONValue {
        guard let input = self as? any GraphQLInputValue else {
            preconditionFailure("\(Self.self) cannot be written as JSON: conform it to GraphQLInputValue")
        }
        return input.jsonValue
    }
}

extension GraphQLLeafValue {
    /// Decodes checked data with a fresh context for `variables`; traps if that fails, which checked data rules out.
    public static func __decodeChecked(_ value: JSONValue, variables: JSONObject) -> Self {
        do {
            return try decode(from: value, in: GraphQLDecodingContext(variables: variables))
        } catch {
            preconditionFailure("checked data does not decode as \(Self.self): \(error)")
        }
    }
}

extension String: GraphQLLeafValue {
    /// Reads a JSON string; any other kind is a type mismatch, and `null` a null value.
    public static func decode(
        from value: JSONValue, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError)
        -> String
    {
        guard case .string(let string) = value else {
            throw GraphQLDecodingError.mismatch(expected: "string", found: value)
        }
        return string
    }
}

extension Int: GraphQLLeafValue {
    /// Reads a JSON integer, or a number with no fraction (a double, or a number kept as text), that fits in `Int`;
    /// anything else throws.
    public static func decode(
        from value: JSONValue, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError)
        -> Int
    {
        switch value {
        case .int(let integer):
            guard let exact = Int(exactly: integer) else {
                throw GraphQLDecodingError(.invalidScalar(type: "Int", reason: "out of range"))
            }
            return exact
        case .double(let double):
            guard let exact = Int(exactly: double) else {
                throw GraphQLDecodingError(.invalidScalar(type: "Int", reason: "a number that is not an integer"))
            }
            return exact
        case .numberText(let text):
            return try GraphQLDecodingError.integer(text, as: Int.self, scalar: "Int")
        default:
            throw GraphQLDecodingError.mismatch(expected: "integer", found: value)
        }
    }
}

extension Double: GraphQLLeafValue {
    /// Reads a JSON number of any kind as a `Double`, the nearest one for a number kept as text; any other kind
    /// throws.
    public static func decode(
        from value: JSONValue, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError)
        -> Double
    {
        guard let number = value.doubleValue else {
            throw GraphQLDecodingError.mismatch(expected: "number", found: value)
        }
        return number
    }
}

extension Bool: GraphQLLeafValue {
    /// Reads a JSON Boolean; any other kind throws.
    public static func decode(
        from value: JSONValue, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError)
        -> Bool
    {
        guard case .bool(let bool) = value else {
            throw GraphQLDecodingError.mismatch(expected: "boolean", found: value)
        }
        return bool
    }
}

extension JSONValue: GraphQLLeafValue {
    /// Any JSON, unchecked: for `JSON` custom scalars.
    public static func decode(
        from value: JSONValue, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError)
        -> JSONValue
    {
        value
    }
}

extension Optional: GraphQLOutputValue where Wrapped: GraphQLOutputValue {
    /// Reads `null` as `nil` and anything else as checked data of the wrapped type.
    public static func __decodeChecked(_ value: JSONValue, variables: JSONObject) -> Wrapped? {
        if case .null = value { return nil }
        return Wrapped.__decodeChecked(value, variables: variables)
    }

    /// `null` for `nil`, else the wrapped value's JSON.
    public var __outputJSON: JSONValue { self?.__outputJSON ?? .null }
}

extension Optional: GraphQLLeafValue where Wrapped: GraphQLLeafValue {
    /// Decodes `null` as `nil` and anything else as the wrapped type, so only nullable fields accept `null`.
    public static func decode(
        from value: JSONValue, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError)
        -> Wrapped?
    {
        if case .null = value { return nil }
        return try Wrapped.decode(from: value, in: context)
    }
}

extension Array: GraphQLOutputValue where Element: GraphQLOutputValue {
    /// Reads a checked JSON array element by element; traps if the value is not an array.
    public static func __decodeChecked(_ value: JSONValue, variables: JSONObject) -> [Element] {
        guard case .array(let elements) = value else {
            preconditionFailure("checked data holds \(value.kindName) where a list is expected")
        }
        return elements.map { Element.__decodeChecked($0, variables: variables) }
    }

    /// A JSON array of the elements' JSON.
    public var __outputJSON: JSONValue { .array(map(\.__outputJSON)) }
}

extension Array: GraphQLLeafValue where Element: GraphQLLeafValue {
    /// Decodes a JSON array element by element; a failing element's error gains its index in the response path.
    public static func decode(
        from value: JSONValue, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError)
        -> [Element]
    {
        guard case .array(let elements) = value else {
            throw GraphQLDecodingError.mismatch(expected: "list", found: value)
        }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            context.enter(.index(index))
            defer { context.leave() }
            do {
                result.append(try Element.decode(from: element, in: context))
            } catch {
                throw error.prefixed(by: .index(index))
            }
        }
        return result
    }
}
