/// The variable rules of one operation, through the fragments it uses: NoUndefinedVariables (5.8.3),
/// NoUnusedVariables (5.8.4) and VariablesInAllowedPosition (5.8.5), plus the variable half of the `@oneOf` check
/// (a variable that is the only field of a `@oneOf` object must be non-null).
enum OperationVariableRules {
    static func check(_ operation: OperationSummary, _ context: ValidationContext) {
        let definition = operation.operation
        let usages =
            operation.summary.variableUsages
            + context.fragmentsUsed(by: operation.summary).flatMap(\.summary.variableUsages)
        var definitions: [String: VariableDefinition] = [:]
        for variable in definition.variableDefinitions {
            definitions[variable.name.value] = variable
        }
        let operationName = definition.name?.value

        for usage in usages where definitions[usage.name] == nil {
            let message =
                operationName.map { "Variable \"$\(usage.name)\" is not defined by operation \"\($0)\"." }
                ?? "Variable \"$\(usage.name)\" is not defined."
            context.report("NoUndefinedVariables", message, at: [usage.location, definition.location])
        }

        let usedNames = Set(usages.map(\.name))
        for variable in definition.variableDefinitions where !usedNames.contains(variable.name.value) {
            let name = variable.name.value
            let message =
                operationName.map { "Variable \"$\(name)\" is never used in operation \"\($0)\"." }
                ?? "Variable \"$\(name)\" is never used."
            context.report("NoUnusedVariables", message, at: [variable.location])
        }

        for usage in usages {
            guard let variable = definitions[usage.name], context.namedType(of: variable.type) != nil else { continue }
            if let expected = usage.expectedType, !isAllowed(variable, at: usage, expecting: expected, context) {
                context.report(
                    "VariablesInAllowedPosition",
                    "Variable \"$\(usage.name)\" of type \"\(variable.type)\" used in position expecting type "
                        + "\"\(expected)\".",
                    at: [variable.location, usage.location])
            }
            if let oneOf = usage.oneOfObject, !variable.type.isNonNull {
                context.report(
                    ValuesOfCorrectTypeRule.name,
                    "Variable \"\(usage.name)\" must be non-nullable to be used for OneOf Input Object "
                        + "\"\(oneOf.type.name)\".",
                    at: [oneOf.location])
            }
        }
    }

    /// Whether the variable's type fits the position: a subtype of the expected type, or a nullable variable in a
    /// non-null position when the variable or the position has a default value.
    static func isAllowed(
        _ variable: VariableDefinition, at usage: VariableUsage, expecting expected: TypeReference,
        _ context: ValidationContext
    ) -> Bool {
        if expected.isNonNull, !variable.type.isNonNull {
            var hasNonNullDefault = false
            if let defaultValue = variable.defaultValue {
                if case .null = defaultValue.kind {} else { hasNonNullDefault = true }
            }
            guard hasNonNullDefault || usage.hasLocationDefault else { return false }
            return context.isTypeSubtype(variable.type, of: expected.nullableType)
        }
        return context.isTypeSubtype(variable.type, of: expected)
    }
}
