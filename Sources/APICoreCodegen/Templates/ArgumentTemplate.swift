import APICoreCompiler

/// Renders argument values as `GraphQLArgumentValue` expressions: variables by name, constants as `JSONValue`
/// literals, lists and objects that contain variables element by element.
enum ArgumentTemplate {
    /// `.variable("id")`, `.literal(100)`, `.object(["first": .variable("n")])`.
    static func render(_ value: Value) -> String {
        guard value.containsVariable else { return ".literal(\(literal(value)))" }
        switch value.kind {
        case .variable(let name):
            return ".variable(\(SwiftNames.stringLiteral(name)))"
        case .list(let elements):
            return ".list([\(elements.map(render).joined(separator: ", "))])"
        case .object(let members):
            let pairs = members.sorted { $0.name.value < $1.name.value }.map {
                "\(SwiftNames.stringLiteral($0.name.value)): \(render($0.value))"
            }
            return ".object([\(pairs.joined(separator: ", "))])"
        default:
            return ".literal(\(literal(value)))"
        }
    }

    /// A constant value as a `JSONValue` literal.
    static func literal(_ value: Value) -> String {
        switch value.kind {
        case .variable: return "nil"
        case .int(let text), .float(let text): return text
        case .string(let text, _): return SwiftNames.stringLiteral(text)
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "nil"
        case .enumValue(let name): return SwiftNames.stringLiteral(name)
        case .list(let elements):
            return "[\(elements.map(literal).joined(separator: ", "))]"
        case .object(let members):
            guard !members.isEmpty else { return "[:]" }
            let pairs = members.map { "\(SwiftNames.stringLiteral($0.name.value)): \(literal($0.value))" }
            return "[\(pairs.joined(separator: ", "))]"
        }
    }
}
