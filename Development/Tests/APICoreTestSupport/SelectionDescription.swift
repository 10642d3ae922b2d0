import APICoreGraphQL

/// Selections as text that says everything the walks read (names, aliases, types, leaf types, arguments, conditions,
/// implicit keys, error catching and the trees of type cases and spreads), so that two tables can be compared.
public enum SelectionDescription {
    /// One line per selection, nested selections indented within it.
    public static func lines(_ selections: [GraphQLSelection]) -> [String] {
        selections.map(describe)
    }

    static func describe(_ selection: GraphQLSelection) -> String {
        switch selection {
        case .field(let field):
            let arguments = field.arguments.map { "\($0.name)=\(describe($0.value))" }.joined(separator: " ")
            let catching = field.catching.map { "catching(\($0.throwingLevels), \($0.isResult))" } ?? "-"
            return "field \(field.alias.map { $0 + ":" } ?? "")\(field.name) \(describe(field.type))"
                + " leaf=\(field.leafType.map { String(reflecting: $0) } ?? "-") [\(arguments)]"
                + " implicitKey=\(field.isImplicitKey) typename=\(field.isImplicitTypename) \(catching)"
        case .fragment(let tree):
            return "spread \(describe(tree))"
        case .inlineFragment(let tree):
            return "case \(describe(tree))"
        case .conditional(let conditions, let selections):
            let names = conditions.conditions.map { condition in
                switch condition {
                case .include(let name): "include(\(name))"
                case .skip(let name): "skip(\(name))"
                }
            }
            return "if \(names.joined(separator: " ")) {\(selections.map(describe).joined(separator: "; "))}"
        case .deferred(let label, let tree):
            return "defer(\(label ?? "-")) \(describe(tree))"
        }
    }

    static func describe(_ tree: GraphQLSelectionTree) -> String {
        if let type = tree.generatedType { return String(reflecting: type) }
        let parent = "\(tree.parentType.name)(\(tree.parentType.kind), \(tree.parentType.possibleTypes.sorted()))"
        return "\(parent) {\(tree.selections.map(describe).joined(separator: "; "))}"
    }

    static func describe(_ type: GraphQLOutputType) -> String {
        switch type {
        case .scalar(let name): name
        case .object(let tree): "object(\(describe(tree)))"
        case .list(let inner): "[\(describe(inner))]"
        case .nonNull(let inner): "\(describe(inner))!"
        }
    }

    static func describe(_ value: GraphQLArgumentValue) -> String {
        switch value {
        case .literal(let json): "literal(\(json))"
        case .variable(let name): "$\(name)"
        case .list(let elements): "[\(elements.map(describe).joined(separator: ", "))]"
        case .object(let fields): "{\(fields.sorted { $0.key < $1.key }.map { "\($0.key): \(describe($0.value))" })}"
        }
    }
}
