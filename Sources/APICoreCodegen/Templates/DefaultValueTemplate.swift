import APICoreCompiler
import APICoreGraphQL
import APICoreJSON

/// Renders the default value of an operation variable as a `JSONValue` literal: the value the server coerces the
/// default to, so that decoding and cache keys see what the server saw when the variable is absent.
///
/// Coercion follows the variable's type: a `Float` written as an integer is a double, an `ID` written as an integer is
/// a string, a single value where a list is expected is a list of one, enum values are their names. Input objects keep
/// exactly the fields written, as the generated input objects encode only the fields set; the server fills the other
/// fields' defaults in both cases alike. Custom scalars keep the literal as written, numbers as the JSON reader would
/// read them: an integer that fits 64 bits is an integer, a number whose digits a double does not hold its text
/// (`.numberText`), any other number a double.
struct DefaultValueTemplate {
    let schema: GraphQLSchema

    /// The members of a `variableDefaults` object, `"size": 64`, one for each variable with a default.
    func members(of variables: [IRVariable]) -> [String] {
        variables.compactMap { variable in
            variable.defaultValue.map {
                "\(SwiftNames.stringLiteral(variable.name)): \(literal($0, type: variable.type))"
            }
        }
    }

    /// `true`, `2`, `1.5`, `"text"`, `"ADMIN"`, `["a"]`, `["name": "Ada"]`, `nil`.
    func literal(_ value: Value, type: TypeReference?) -> String {
        switch type {
        case .nonNull(let inner, _):
            return literal(value, type: inner)
        case .list(let item, _):
            switch value.kind {
            case .list(let elements): return "[\(elements.map { literal($0, type: item) }.joined(separator: ", "))]"
            case .null: return "nil"
            default: return "[\(literal(value, type: item))]"
            }
        case .named(let name):
            return literal(value, named: schema.type(named: name.value))
        case nil:
            return literal(value, named: nil)
        }
    }

    private func literal(_ value: Value, named type: SchemaType?) -> String {
        switch (value.kind, type) {
        case (.int(let text), .scalar(let scalar)) where scalar.name == "Float":
            return Self.double(text)
        case (.int(let text), .scalar(let scalar)) where scalar.name == "ID":
            return SwiftNames.stringLiteral(text)
        case (.float(let text), .scalar(let scalar)) where scalar.name == "Float":
            return Self.double(text)
        case (.int(let text), _), (.float(let text), _):
            return Self.number(text)
        case (.string(let text, _), _), (.enumValue(let text), _):
            return SwiftNames.stringLiteral(text)
        case (.boolean(let flag), _):
            return flag ? "true" : "false"
        case (.null, _), (.variable, _):
            // A default is constant; validation rejects variables in it.
            return "nil"
        case (.list(let elements), _):
            return "[\(elements.map { literal($0, named: nil) }.joined(separator: ", "))]"
        case (.object(let members), .inputObject(let inputObject)):
            return Self.object(
                members.map { ($0.name.value, literal($0.value, type: inputObject.field(named: $0.name.value)?.type)) })
        case (.object(let members), _):
            return Self.object(members.map { ($0.name.value, literal($0.value, named: nil)) })
        }
    }

    /// A JSON object literal of rendered members; a later duplicate name replaces an earlier one, as in JSON readers.
    static func object(_ members: [(name: String, value: String)]) -> String {
        var names: [String] = []
        var values: [String: String] = [:]
        for (name, value) in members {
            if values.updateValue(value, forKey: name) == nil { names.append(name) }
        }
        guard !names.isEmpty else { return "[:]" }
        return "[" + names.map { "\(SwiftNames.stringLiteral($0)): \(values[$0] ?? "nil")" }.joined(separator: ", ")
            + "]"
    }

    /// A GraphQL number (whose grammar is JSON's) as the JSON reader reads it: `2`, `1.5`,
    /// `.numberText("0.1000000000000000000001")`.
    static func number(_ text: String) -> String {
        switch JSONValue.number(text: text) {
        case .int(let integer)?: String(integer)
        case .numberText?: ".numberText(\(SwiftNames.stringLiteral(text)))"
        default: double(text)
        }
    }

    /// A GraphQL number as a `JSONValue` double of the same value: `1.0`, `1e+23`, `.double(.infinity)` when it
    /// overflows.
    static func double(_ text: String) -> String {
        guard let value = Double(text) else { return "nil" }
        if value.isInfinite { return value < 0 ? ".double(-.infinity)" : ".double(.infinity)" }
        return "\(value)"
    }
}
