import APICoreCompiler
import APICoreGraphQL

/// Document values as the runtime holds them: argument values that may name variables, and constants as JSON.
enum ArgumentValues {
    /// An argument as written: variables by name, constants as JSON, lists and objects holding variables element by
    /// element (input object members sorted by name, as generated code lists them).
    static func argument(_ value: Value) -> GraphQLArgumentValue {
        guard value.containsVariable else { return .literal(json(value)) }
        switch value.kind {
        case .variable(let name):
            return .variable(name)
        case .list(let elements):
            return .list(elements.map(argument))
        case .object(let members):
            var fields: [String: GraphQLArgumentValue] = [:]
            for member in members { fields[member.name.value] = argument(member.value) }
            return .object(fields)
        default:
            return .literal(json(value))
        }
    }

    /// A constant value as JSON: numbers as the integer or floating-point value they spell, enum values as their
    /// names, a variable (which a constant cannot hold) as `null`.
    static func json(_ value: Value) -> JSONValue {
        switch value.kind {
        case .variable, .null: return .null
        case .int(let text): return Int64(text).map(JSONValue.int) ?? .numberText(text)
        case .float(let text): return .double(Double(text) ?? 0)
        case .string(let text, _): return .string(text)
        case .boolean(let flag): return .bool(flag)
        case .enumValue(let name): return .string(name)
        case .list(let elements): return .array(elements.map(json))
        case .object(let members):
            var object = JSONObject()
            for member in members { object[member.name.value] = json(member.value) }
            return .object(object)
        }
    }
}
