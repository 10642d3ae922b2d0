/// What the walk of one operation or fragment records for the rules that look across definitions.
struct DefinitionSummary {
    /// The fragment spreads, in source order (nested ones included).
    var fragmentSpreads: [FragmentSpread] = []
    /// The variables used in the selection set and directives (not in variable definitions), in source order; in a
    /// fragment, those it does not declare itself, which belong to the operation that spreads it.
    var variableUsages: [VariableUsage] = []
    /// In a fragment that declares variables, the uses of those variables, in source order.
    var fragmentVariableUsages: [VariableUsage] = []
    /// The `@defer` and `@stream` directives, in source order.
    var incrementalDirectives: [Directive] = []
}

/// An operation with what its walk recorded.
struct OperationSummary {
    let operation: OperationDefinition
    let documentIndex: Int
    let summary: DefinitionSummary
}

/// A fragment definition with what its walk recorded.
struct FragmentSummary {
    let fragment: FragmentDefinition
    let summary: DefinitionSummary
}
