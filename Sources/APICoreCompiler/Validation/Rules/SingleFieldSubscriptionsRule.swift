/// SingleFieldSubscriptions (specification 5.2.3.1): a subscription selects exactly one root field, fragments
/// expanded, which is not an introspection field, and the root selection uses no `@skip` or `@include` (working
/// draft: whether the root field is included must not depend on variables).
enum SingleFieldSubscriptionsRule {
    static func check(_ operation: OperationSummary, _ context: ValidationContext) {
        let definition = operation.operation
        guard definition.kind == .subscription, let rootType = context.schema.rootType(for: .subscription) else {
            return
        }
        var collector = RootFieldCollector(rootType: rootType, context: context)
        collector.collect(definition.selectionSet)
        let subject = definition.name.map { "Subscription \"\($0.value)\"" } ?? "Anonymous Subscription"
        guard collector.conditionalDirectives.isEmpty else {
            context.report(
                "SingleFieldSubscriptions",
                "\(subject) must not use `@skip` or `@include` directives in the top level selection.",
                at: collector.conditionalDirectives.map(\.location))
            return
        }
        let groups = collector.responseKeys.compactMap { collector.fieldsByResponseKey[$0] }
        if groups.count > 1 {
            context.report(
                "SingleFieldSubscriptions", "\(subject) must select only one top level field.",
                at: groups.dropFirst().flatMap { $0.map(\.location) })
        }
        for fields in groups where fields[0].name.value.hasPrefix("__") {
            context.report(
                "SingleFieldSubscriptions", "\(subject) must not select an introspection top level field.",
                at: fields.map(\.location))
        }
    }
}

/// Collects the root fields of a subscription as execution would: by response key, through the fragments whose type
/// condition applies to the root type, noting `@skip` and `@include` on the way.
private struct RootFieldCollector {
    let rootType: ObjectType
    let context: ValidationContext
    var responseKeys: [String] = []
    var fieldsByResponseKey: [String: [Field]] = [:]
    var conditionalDirectives: [Directive] = []
    private var visitedFragments: Set<String> = []

    init(rootType: ObjectType, context: ValidationContext) {
        self.rootType = rootType
        self.context = context
    }

    mutating func collect(_ selectionSet: SelectionSet) {
        for selection in selectionSet.selections {
            conditionalDirectives += selection.directives.filter {
                $0.name.value == "skip" || $0.name.value == "include"
            }
            switch selection {
            case .field(let field):
                let key = field.responseKey
                if fieldsByResponseKey[key] == nil { responseKeys.append(key) }
                fieldsByResponseKey[key, default: []].append(field)
            case .inlineFragment(let fragment):
                guard applies(fragment.typeCondition) else { continue }
                collect(fragment.selectionSet)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard visitedFragments.insert(name).inserted, let (fragment, _) = context.fragments[name],
                    applies(fragment.typeCondition)
                else { continue }
                collect(fragment.selectionSet)
            }
        }
    }

    /// Whether a fragment with this type condition applies to the root type.
    private func applies(_ condition: Name?) -> Bool {
        guard let condition else { return true }
        if condition.value == rootType.name { return true }
        guard let type = context.type(named: condition.value), type.isAbstract else { return false }
        return context.schema.isPossibleType(rootType.name, of: type)
    }
}
