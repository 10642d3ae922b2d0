/// A value that can be sent as a GraphQL variable or input-object field.
public protocol GraphQLInputValue: Sendable {
    /// The value encoded for the wire.
    var jsonValue: JSONValue { get }

    /// Whether the value is left out of the request entirely (an absent ``GraphQLNullable``).
    var isAbsent: Bool { get }
}

extension GraphQLInputValue {
    /// `false`: only an absent ``GraphQLNullable`` is left out of a request.
    public var isAbsent: Bool { false }
}

extension String: GraphQLInputValue {
    /// The string as a JSON string.
    public var jsonValue: JSONValue { .string(self) }
}

extension Int: GraphQLInputValue {
    /// The integer as a JSON integer.
    public var jsonValue: JSONValue { .int(Int64(self)) }
}

extension Int32: GraphQLInputValue {
    /// The integer as a JSON integer.
    public var jsonValue: JSONValue { .int(Int64(self)) }
}

extension Int64: GraphQLInputValue {
    /// The integer as a JSON integer, exactly, whatever its size.
    public var jsonValue: JSONValue { .int(self) }
}

extension Double: GraphQLInputValue {
    /// The number as a JSON floating-point number (``JSONValue/double(_:)``).
    public var jsonValue: JSONValue { .double(self) }
}

extension Bool: GraphQLInputValue {
    /// The Boolean as a JSON Boolean.
    public var jsonValue: JSONValue { .bool(self) }
}

extension JSONValue: GraphQLInputValue {
    /// The value itself, unchanged.
    public var jsonValue: JSONValue { self }
}

extension JSONObject: GraphQLInputValue {
    /// The object as a JSON object, its members in order.
    public var jsonValue: JSONValue { .object(self) }
}

extension Optional: GraphQLInputValue where Wrapped: GraphQLInputValue {
    /// `nil` is sent as `null`; use ``GraphQLNullable`` to leave a value out.
    public var jsonValue: JSONValue { self?.jsonValue ?? .null }
}

extension Array: GraphQLInputValue where Element: GraphQLInputValue {
    /// The elements as a JSON array, each encoded in turn.
    public var jsonValue: JSONValue { .array(map(\.jsonValue)) }
}

extension JSONObject {
    /// Encodes variables or input-object fields in the given order, leaving out absent values.
    ///
    /// Generated operations build their ``GraphQLOperation/variables`` with it:
    /// `JSONObject(variables: ["id": id, "role": role])`.
    public init(variables: KeyValuePairs<String, any GraphQLInputValue>) {
        var keys: [String] = []
        var values: [JSONValue] = []
        keys.reserveCapacity(variables.count)
        values.reserveCapacity(variables.count)
        for (key, value) in variables where !value.isAbsent {
            keys.append(key)
            values.append(value.jsonValue)
        }
        self.init(uniqueKeys: keys, values: values)
    }
}

/// A generated input object: its fields, encoded in declaration order with absent ones left out.
public protocol GraphQLInputObject: GraphQLInputValue, Hashable {
    /// The fields as a JSON object.
    var fields: JSONObject { get }
}

extension GraphQLInputObject {
    /// The input object's ``GraphQLInputObject/fields`` as a JSON object.
    public var jsonValue: JSONValue { .object(fields) }
}
