/// UniqueVariableNames, KnownTypeNames and VariablesAreInputTypes (specification 5.8.1, 5.8.2) on an operation's
/// variable definitions.
enum VariableDefinitionRules {
    /// Reports variables defined more than once, once per name with every definition.
    static func checkUnique(_ definitions: [VariableDefinition], _ context: ValidationContext) {
        context.checkUnique(definitions.map(\.name), rule: "UniqueVariableNames", kind: "variable", sigil: "$")
    }

    /// Checks a variable's type exists and is an input type; returns whether it is one.
    static func check(_ definition: VariableDefinition, _ context: ValidationContext) -> Bool {
        guard let type = KnownTypeNamesRule.resolve(definition.type.namedType, context) else { return false }
        guard type.isInputType else {
            context.report(
                "VariablesAreInputTypes",
                "Variable \"$\(definition.name.value)\" cannot be non-input type \"\(definition.type)\".",
                at: [definition.type.location])
            return false
        }
        return true
    }
}
