/// MaxIntrospectionDepth (graphql-js's guard against costly introspection): below `__schema` or `__type`, lists of
/// types (`fields`, `interfaces`, `possibleTypes`, `inputFields`) nest fewer than three deep, fragments included.
enum MaxIntrospectionDepthRule {
    private static let maximumDepth = 3
    private static let listFields: Set<String> = ["fields", "interfaces", "possibleTypes", "inputFields"]

    static func check(_ field: Field, _ context: ValidationContext) {
        guard let selectionSet = field.selectionSet else { return }
        var visiting: Set<String> = []
        if exceedsDepth(selectionSet, depth: 0, visiting: &visiting, context) {
            context.report("MaxIntrospectionDepth", "Maximum introspection depth exceeded", at: [field.location])
        }
    }

    private static func exceedsDepth(
        _ selectionSet: SelectionSet, depth: Int, visiting: inout Set<String>, _ context: ValidationContext
    ) -> Bool {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                var fieldDepth = depth
                if listFields.contains(field.name.value) {
                    fieldDepth += 1
                    if fieldDepth >= maximumDepth { return true }
                }
                if let inner = field.selectionSet, exceedsDepth(inner, depth: fieldDepth, visiting: &visiting, context)
                {
                    return true
                }
            case .inlineFragment(let fragment):
                if exceedsDepth(fragment.selectionSet, depth: depth, visiting: &visiting, context) { return true }
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard let (fragment, _) = context.fragments[name], visiting.insert(name).inserted else { continue }
                defer { visiting.remove(name) }
                if exceedsDepth(fragment.selectionSet, depth: depth, visiting: &visiting, context) { return true }
            }
        }
        return false
    }
}
