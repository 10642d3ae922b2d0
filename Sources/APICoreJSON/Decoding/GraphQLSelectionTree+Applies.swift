import APICoreGraphQL

extension GraphQLSelectionTree {
    /// Whether this tree, reached from `enclosing` as `kind`, applies to an object whose `__typename` is `typename`:
    /// the one rule every walk applies.
    ///
    /// A named fragment always applies: the code generator (and a document compiled at run time, through the same
    /// compiler) spreads a fragment directly only where its type condition holds for every object of the enclosing
    /// type, including types the server adds later, and puts a narrower one in a type case. A type case or a deferred
    /// part applies to an object whose type name is one of its possible types (an interface's implementations, a
    /// union's members); without a type name, a deferred part applies and a type case applies only when it names the
    /// enclosing type itself.
    public func applies(
        toTypename typename: String?, as kind: GraphQLSpreadKind, within enclosing: GraphQLParentType
    ) -> Bool {
        if case .fragment = kind { return true }
        if let typename { return parentType.includes(typename) }
        if case .typeCase = kind { return parentType.name == enclosing.name }
        return true
    }
}
