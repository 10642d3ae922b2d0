// Reading checked data without a decoding context, for the leaves every generated property reads.

extension String {
    /// Reads a checked JSON string without a decoding context; traps on any other kind.
    public static func __decodeChecked(_ value: JSONValue, variables: JSONObject) -> String {
        guard case .string(let string) = value else { checkedDataFailure(value, "String") }
        return string
    }
}

extension Int {
    /// Reads a checked JSON integer, or an integral number, as an `Int`; traps on anything else.
    public static func __decodeChecked(_ value: JSONValue, variables: JSONObject) -> Int {
        switch value {
        case .int(let integer): if let exact = Int(exactly: integer) { return exact }
        case .double(let double): if let exact = Int(exactly: double) { return exact }
        case .numberText(let text):
            if let exact = try? GraphQLDecodingError.integer(text, as: Int.self, scalar: "Int") { return exact }
        default: break
        }
        checkedDataFailure(value, "Int")
    }
}

extension Double {
    /// Reads a checked JSON number as a `Double`; traps on any other kind.
    public static func __decodeChecked(_ value: JSONValue, variables: JSONObject) -> Double {
        guard let number = value.doubleValue else { checkedDataFailure(value, "Double") }
        return number
    }
}

extension Bool {
    /// Reads a checked JSON Boolean; traps on any other kind.
    public static func __decodeChecked(_ value: JSONValue, variables: JSONObject) -> Bool {
        guard case .bool(let bool) = value else { checkedDataFailure(value, "Bool") }
        return bool
    }
}

extension JSONValue {
    /// Returns the checked JSON as it is, for `JSON` custom scalars.
    public static func __decodeChecked(_ value: JSONValue, variables: JSONObject) -> JSONValue {
        value
    }
}

extension GraphQLEnum {
    /// Reads a checked enum value from its JSON string, known or unknown; traps on any other kind.
    public static func __decodeChecked(_ value: JSONValue, variables: JSONObject) -> GraphQLEnum {
        guard case .string(let raw) = value else { checkedDataFailure(value, "an enum value") }
        return GraphQLEnum(rawValue: raw)
    }
}

/// Checked data that does not hold what its type says: a bug in the check, never bad input.
private func checkedDataFailure(_ value: JSONValue, _ expected: String) -> Never {
    preconditionFailure("checked data holds \(value.kindName) where \(expected) is expected")
}
