import APICoreGraphQL

/// A selection tree written out one selection per line, nested trees indented, for comparing two trees: names,
/// aliases, arguments, types, parent types, conditions and implicit keys, and the leaves' Swift types.
public enum SelectionOutline {
    /// Which leaves' Swift types an outline writes.
    public enum LeafTypes: Sendable {
        /// Those of the built-in scalars only, the ones a runtime compilation knows the Swift type of.
        case builtInScalars
        /// Every leaf's.
        case all
    }

    static let builtInScalars: Set<String> = ["String", "ID", "Int", "Float", "Boolean"]

    /// The tree's parent type, then its selections.
    public static func lines(
        of tree: GraphQLSelectionTree, indent: String = "", leafTypes: LeafTypes = .builtInScalars
    ) -> [String] {
        let parent = tree.parentType
        return ["\(indent)on \(parent.name) \(parent.kind) \(parent.possibleTypes.sorted())"]
            + lines(of: tree.selections, indent: indent + "  ", leafTypes: leafTypes)
    }

    /// The selections, in order.
    public static func lines(
        of selections: [GraphQLSelection], indent: String = "", leafTypes: LeafTypes = .builtInScalars
    ) -> [String] {
        selections.flatMap { lines(of: $0, indent: indent, leafTypes: leafTypes) }
    }

    static func lines(of selection: GraphQLSelection, indent: String, leafTypes: LeafTypes) -> [String] {
        let nested = indent + "  "
        switch selection {
        case .field(let field) where field.isImplicitKey:
            return ["\(indent)implicit key \(field.name): \(shape(field.type))"]
        case .field(let field):
            let arguments = field.arguments.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
            var line =
                "\(indent)\(field.alias.map { $0 + ": " } ?? "")\(field.name)(\(arguments)): \(shape(field.type))"
            if case .scalar(let name) = field.type.namedType, leafTypes == .all || builtInScalars.contains(name) {
                line += " leaf \(field.leafType.map { String(describing: $0) } ?? "none")"
            }
            guard case .object(let tree) = field.type.namedType else { return [line] }
            return [line] + lines(of: tree, indent: nested, leafTypes: leafTypes)
        case .fragment(let tree):
            return ["\(indent)...fragment"] + lines(of: tree, indent: nested, leafTypes: leafTypes)
        case .inlineFragment(let tree):
            return ["\(indent)...inline"] + lines(of: tree, indent: nested, leafTypes: leafTypes)
        case .deferred(let label, let tree):
            return ["\(indent)...deferred \(label ?? "-")"] + lines(of: tree, indent: nested, leafTypes: leafTypes)
        case .conditional(let conditions, let inner):
            return ["\(indent)if \(conditions.conditions)"] + lines(of: inner, indent: nested, leafTypes: leafTypes)
        }
    }

    static func shape(_ type: GraphQLOutputType) -> String {
        switch type {
        case .scalar(let name): name
        case .object(let tree): tree.parentType.name
        case .list(let inner): "[\(shape(inner))]"
        case .nonNull(let inner): shape(inner) + "!"
        }
    }
}
