/// A value that can be sent as a GraphQL variable or input-object field.
public protocol GraphQLInputValue: Sendable {
    /// The value encoded for the wire.
    var jsonValue: JSONValue { get }

    /// Whether the value is left out of the request entirely (an absent ``GraphQLNullable``).
    var isAbsent: Bool { get }

    /// Whether a value of this type can hold a file to upload (`APICoreScalars`' `GraphQLFile`): `false` unless the
    /// type is a file or holds one (an optional, list or nullable of files, an input object with a file field).
    /// Values of types that cannot are not looked inside by ``forEachFile(at:_:)``.
    static var mayContainFiles: Bool { get }

    /// Calls `body` with each file inside the value (a `GraphQLFile`, and nothing else) and its path: `path` for the
    /// value itself, `path.0` for a list's first element, `path.avatar` for an input object's `avatar` field. By
    /// default there are none.
    func forEachFile(at path: String, _ body: (_ path: String, _ file: any GraphQLInputValue) -> Void)
}

extension GraphQLInputValue {
    /// `false`: only an absent ``GraphQLNullable`` is left out of a request.
    public var isAbsent: Bool { false }

    /// `false`: most values hold no file.
    public static var mayContainFiles: Bool { false }

    /// None: most values hold no file.
    public func forEachFile(at path: String, _ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {}
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

    /// Whether the wrapped type can hold a file.
    public static var mayContainFiles: Bool { Wrapped.mayContainFiles }

    /// The wrapped value's files, at the same path; none for `nil`.
    public func forEachFile(at path: String, _ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {
        guard Wrapped.mayContainFiles, let self else { return }
        self.forEachFile(at: path, body)
    }
}

extension Array: GraphQLInputValue where Element: GraphQLInputValue {
    /// The elements as a JSON array, each encoded in turn.
    public var jsonValue: JSONValue { .array(map(\.jsonValue)) }

    /// Whether the element type can hold a file.
    public static var mayContainFiles: Bool { Element.mayContainFiles }

    /// Each element's files, at `path.0`, `path.1`, ...
    public func forEachFile(at path: String, _ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {
        guard Element.mayContainFiles else { return }
        for (index, element) in enumerated() {
            element.forEachFile(at: "\(path).\(index)", body)
        }
    }
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
