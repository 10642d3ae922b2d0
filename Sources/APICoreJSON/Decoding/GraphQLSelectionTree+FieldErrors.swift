import APICoreGraphQL

extension GraphQLSelectionTree {
    /// Whether a field anywhere in the tree (its fragments, type cases and objects included) handles its errors other
    /// than as GraphQL's `null` (`GraphQLField.catching`): data with errors then goes through
    /// `GraphQLNullPropagation` even when it decodes as it is.
    public var catchesFieldErrors: Bool {
        var visited: Set<ObjectIdentifier> = []
        var pending = [self]
        while let tree = pending.popLast() {
            guard visited.insert(tree.id).inserted else { continue }
            var selections = tree.selections
            while let selection = selections.popLast() {
                switch selection {
                case .field(let field):
                    if field.catching != nil { return true }
                    if case .object(let nested) = field.type.namedType { pending.append(nested) }
                case .fragment(let nested), .inlineFragment(let nested), .deferred(_, let nested):
                    pending.append(nested)
                case .conditional(_, let guarded):
                    selections += guarded
                }
            }
        }
        return false
    }
}
