import APICoreCompiler

extension KeyFieldSelector {
    /// The operations and fragments with their key fields, except where those made a document the server would
    /// refuse: an operation that is no longer valid with the fragments it spreads (a key field that cannot merge with a
    /// field of the same response name elsewhere, such as `id: url` in another fragment, or `id` of another type under
    /// another type condition) is sent as written, and so are its fragments if it is still not valid without its own
    /// keys. Taking keys away never makes another operation invalid, so one pass suffices.
    static func keepingValid(
        operations: [OperationDefinition],
        fragments: [String: FragmentDefinition],
        written: (operations: [OperationDefinition], fragments: [String: FragmentDefinition]),
        schema: GraphQLSchema
    ) -> (operations: [OperationDefinition], fragments: [String: FragmentDefinition]) {
        // Each operation is checked with the keyed fragments on all the machine's cores; an operation checked after
        // a fragment went back to its written form is checked again with it.
        let keyedFragments = fragments
        let keyedChecks = operations.concurrentMap { check($0, keyedFragments, schema) }
        var operations = operations
        var fragments = fragments
        var fragmentsChanged = false
        for index in operations.indices {
            let (used, errors) = fragmentsChanged ? check(operations[index], fragments, schema) : keyedChecks[index]
            guard errors > 0 else { continue }
            let writtenErrors = self.errors(written.operations[index], used, written.fragments, schema)
            // Errors of the document as written are not the keys' doing (generation reports them itself).
            guard errors > writtenErrors else { continue }
            operations[index] = written.operations[index]
            if self.errors(operations[index], used, fragments, schema) > writtenErrors {
                for name in used { fragments[name] = written.fragments[name] }
                fragmentsChanged = true
            }
        }
        return (operations, fragments)
    }

    /// The fragments `operation` spreads, and its number of validation errors with them.
    private static func check(
        _ operation: OperationDefinition, _ fragments: [String: FragmentDefinition], _ schema: GraphQLSchema
    ) -> (used: Set<String>, errors: Int) {
        let used = IRCompiler.usedFragments(operation.selectionSet, fragments: fragments)
        return (used, errors(operation, used, fragments, schema))
    }

    /// The number of validation errors of `operation` with the fragments `used`.
    private static func errors(
        _ operation: OperationDefinition, _ used: Set<String>, _ fragments: [String: FragmentDefinition],
        _ schema: GraphQLSchema
    ) -> Int {
        let spread = used.sorted().compactMap { fragments[$0] }.map(Definition.fragment)
        let definitions = [Definition.operation(operation)] + spread
        let diagnostics = DocumentValidator.validate([Document(definitions: definitions)], against: schema)
        return diagnostics.count { $0.severity == .error }
    }
}
