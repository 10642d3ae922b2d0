import APICoreGraphQL

/// Arguments with the operation's values in place of their variables: what the normalized cache keys a field's
/// record by, and what a server sees. Decoding does not need them, so generated code does not link them.
extension GraphQLField {
    /// The arguments with their variables replaced by the operation's values; absent variables are left out, as a
    /// server would treat them.
    public func resolvedArguments(with variables: JSONObject) -> JSONObject {
        var result = JSONObject()
        for (name, value) in arguments {
            if let resolved = value.resolved(with: variables) { result[name] = resolved }
        }
        return result
    }
}

extension GraphQLArgumentValue {
    /// The value with variables replaced; `nil` for an absent variable.
    public func resolved(with variables: JSONObject) -> JSONValue? {
        switch self {
        case .literal(let value):
            return value
        case .variable(let name):
            return variables[name]
        case .list(let elements):
            return .array(elements.map { $0.resolved(with: variables) ?? .null })
        case .object(let fields):
            var object = JSONObject()
            for name in fields.keys.sorted() {
                if let value = fields[name]?.resolved(with: variables) { object[name] = value }
            }
            return .object(object)
        }
    }
}
