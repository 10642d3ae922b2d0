/// UniqueVariableNames, KnownTypeNames and VariablesAreInputTypes (specification 5.8.1, 5.8.2) on an operation's
/// variable definitions.
enum VariableDefinitionRules {
    /// Reports variables defined more than once, once per name with every definition.
    static func checkUnique(_ definitions: [VariableDefinition], _ context: ValidationContext) {
        guard definitions.count > 1 else { return }
        var byName: [String: [Name]] = [:]
        var order: [String] = []
        for definition in definitions {
            let name = definition.name
            if byName[name.value] == nil { order.append(name.value) }
            byName[name.value, default: []].append(name)
        }
        for name in order {
            guard let names = byName[name], names.count > 1 else { continue }
            context.report(
                "UniqueVariableNames", "There can be only one variable named \"$\(name)\".",
                at: names.map(\.location))
        }
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
