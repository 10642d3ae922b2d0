/// What the walk of one operation or fragment records for the rules that look across definitions.
struct DefinitionSummary {
    /// The fragment spreads, in source order (nested ones included).
    var fragmentSpreads: [FragmentSpread] = []
    /// The variables used in the selection set and directives (not in variable definitions), in source order.
    var variableUsages: [VariableUsage] = []
    /// The `@defer` and `@stream` directives, in source order.
    var incrementalDirectives: [Directive] = []
}

/// A variable used somewhere a value is expected.
struct VariableUsage {
    /// The variable's name, without `$`.
    let name: String
    /// Where the variable is written.
    let location: SourceLocation
    /// The type expected where the variable is used; nil when unknown (an unknown argument, say).
    let expectedType: TypeReference?
    /// Whether the position has a default value (an argument or input field with a default), so that a nullable
    /// variable may be used where a non-null value is expected.
    let hasLocationDefault: Bool
    /// When the variable is the value of a field of a `@oneOf` input object: that object literal and its type.
    let oneOfObject: (type: InputObjectType, location: SourceLocation)?
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
