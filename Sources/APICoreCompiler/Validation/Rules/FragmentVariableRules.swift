/// The rules of fragment arguments (RFC 1224) that the operation rules do not already cover: within a fragment, each
/// variable it declares is used (NoUnusedVariables) and used where its type fits (VariablesInAllowedPosition); two
/// spreads of one fragment in a selection set give it the same arguments (OverlappingFieldsCanBeMerged), since the
/// fields they select would otherwise differ in their arguments under one response key.
///
/// A spread's arguments are checked as a field's are (unknown, repeated and missing arguments, values of the right
/// type), against the fragment's variables (``ArgumentOwner/fragment(_:)``); the uses of the fragment's variables are
/// not the operation's, so an operation need not define them.
enum FragmentVariableRules {
    /// Checks the uses of the variables `fragment` declares.
    static func check(_ fragment: FragmentDefinition, usages: [VariableUsage], _ context: ValidationContext) {
        guard !fragment.variableDefinitions.isEmpty else { return }
        let used = Set(usages.map(\.name))
        for variable in fragment.variableDefinitions where !used.contains(variable.name.value) {
            context.report(
                "NoUnusedVariables",
                "Variable \"$\(variable.name.value)\" is never used in fragment \"\(fragment.name.value)\".",
                at: [variable.location])
        }
        var definitions: [String: VariableDefinition] = [:]
        for variable in fragment.variableDefinitions where definitions[variable.name.value] == nil {
            definitions[variable.name.value] = variable
        }
        for usage in usages {
            guard let variable = definitions[usage.name], context.namedType(of: variable.type) != nil,
                let expected = usage.expectedType,
                !OperationVariableRules.isAllowed(variable, at: usage, expecting: expected, context)
            else { continue }
            context.report(
                "VariablesInAllowedPosition",
                "Variable \"$\(usage.name)\" of type \"\(variable.type)\" used in position expecting type "
                    + "\"\(expected)\".",
                at: [variable.location, usage.location])
        }
    }

    /// Reports two spreads of one fragment in `selectionSet` (or in inline fragments within it) whose arguments
    /// differ, once per pair of differing argument lists.
    static func checkSpreadArguments(in selectionSet: SelectionSet, _ context: ValidationContext) {
        var spreads: [FragmentSpread] = []
        var pending = [selectionSet]
        while let next = pending.popLast() {
            for selection in next.selections {
                switch selection {
                case .field: break
                case .inlineFragment(let inline): pending.append(inline.selectionSet)
                case .fragmentSpread(let spread): spreads.append(spread)
                }
            }
        }
        guard spreads.count > 1 else { return }
        var first: [String: (spread: FragmentSpread, values: String)] = [:]
        for spread in spreads.sorted(by: { $0.location.offset < $1.location.offset }) {
            guard let fragment = context.fragments[spread.name.value]?.definition,
                !fragment.variableDefinitions.isEmpty
            else { continue }
            // Compared as text, so that where and in which order each value is written does not count.
            let values = FragmentArguments(spread, of: fragment).canonicalText
            guard let earlier = first[spread.name.value] else {
                first[spread.name.value] = (spread, values)
                continue
            }
            guard earlier.values != values else { continue }
            context.report(
                "OverlappingFieldsCanBeMerged",
                "Spreads \"\(spread.name.value)\" conflict because \(printed(earlier.spread)) and \(printed(spread)) "
                    + "have different fragment arguments.",
                at: [earlier.spread.location, spread.location])
        }
    }

    /// `Name(argument: value, ...)`, as a message shows a spread.
    private static func printed(_ spread: FragmentSpread) -> String {
        spread.name.value + "("
            + spread.arguments.map { "\($0.name.value): \(ValuePrinter.print($0.value))" }
            .joined(separator: ", ") + ")"
    }
}
