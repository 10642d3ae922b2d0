import APICoreCodegen
import APICoreCompiler
import APICoreGenerateCommand

/// One operation of `--operations`: the breaking changes it uses, and what validating it against the new schema
/// says.
struct OperationImpact {
    /// The operation's name, or `anonymous query` for an unnamed one.
    let name: String
    let location: APICoreCompiler.SourceLocation
    /// The breaking changes the operation uses, in the order of the report.
    let changes: [SchemaChange]
    /// The errors of validating the operation (with the fragments it can reach) against the new schema.
    let errors: [Diagnostic]

    /// Whether the new schema breaks the operation.
    var isBroken: Bool { !changes.isEmpty || !errors.isEmpty }

    /// The impact of `changes` on every operation of `documents`, in document order.
    static func find(
        in documents: [Document], changes: [SchemaChange], old: GraphQLSchema, new: GraphQLSchema
    ) -> [OperationImpact] {
        let fragments = documents.flatMap(\.fragments)
        let fragmentTable = Dictionary(fragments.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        let breaking = changes.filter { $0.severity == .breaking }
        var impacts: [OperationImpact] = []
        for operation in documents.flatMap(\.operations) {
            let usage = OperationUsage(operation, fragments: fragmentTable, schema: old)
            let reachable = reachableFragments(from: operation.selectionSet, in: fragmentTable)
            let unit = Document(definitions: [.operation(operation)] + reachable.map { .fragment($0) })
            let errors = DocumentValidator.validate([unit], against: new).filter { $0.severity == .error }
            impacts.append(
                OperationImpact(
                    name: operation.name?.value ?? "anonymous \(operation.kind.rawValue)",
                    location: operation.location,
                    changes: breaking.filter(usage.isBroken),
                    errors: errors))
        }
        return impacts
    }

    /// The fragments a selection set spreads, directly or through other fragments, each once, in the order met.
    private static func reachableFragments(
        from selectionSet: SelectionSet, in table: [String: FragmentDefinition]
    ) -> [FragmentDefinition] {
        var found: [FragmentDefinition] = []
        var seen: Set<String> = []
        var pending = [selectionSet]
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    if let child = field.selectionSet { pending.append(child) }
                case .inlineFragment(let fragment):
                    pending.append(fragment.selectionSet)
                case .fragmentSpread(let spread):
                    guard let fragment = table[spread.name.value], seen.insert(spread.name.value).inserted else {
                        continue
                    }
                    found.append(fragment)
                    pending.append(fragment.selectionSet)
                }
            }
        }
        return found
    }
}
