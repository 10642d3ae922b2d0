extension Printer {
    /// The longest line of field arguments kept on one line.
    static let maximumLineLength = 80

    /// An operation; a nameless query without variables or directives is printed in its `{ ... }` shorthand.
    static func printed(_ operation: OperationDefinition) -> String {
        let variables = wrap("(", join(operation.variableDefinitions.map(printed), ", "), ")")
        let prefix = join(
            [operation.kind.rawValue, join([operation.name?.value ?? "", variables]), printed(operation.directives)],
            " ")
        return (prefix == "query" ? "" : prefix + " ") + printed(operation.selectionSet)
    }

    /// `$name: Type = default @directives`
    static func printed(_ variable: VariableDefinition) -> String {
        "$" + variable.name.value + ": " + variable.type.description
            + wrap(" = ", variable.defaultValue.map(printed)) + wrap(" ", printed(variable.directives))
    }

    /// `{`, one selection per line, `}`.
    static func printed(_ selectionSet: SelectionSet) -> String {
        selectionSet.selections.isEmpty ? "{}" : block(selectionSet.selections.map(printed))
    }

    /// A field, fragment spread or inline fragment.
    static func printed(_ selection: Selection) -> String {
        switch selection {
        case .field(let field):
            printed(field)
        case .fragmentSpread(let spread):
            "..." + spread.name.value + wrap(" ", printed(spread.directives))
        case .inlineFragment(let fragment):
            join(
                [
                    "...", wrap("on ", fragment.typeCondition?.value), printed(fragment.directives),
                    printed(fragment.selectionSet),
                ], " ")
        }
    }

    /// `alias: name(arguments) @directives { ... }`, the arguments one per line when they do not fit on one.
    static func printed(_ field: Field) -> String {
        let prefix = wrap("", field.alias?.value, ": ") + field.name.value
        let arguments = field.arguments.map(printed)
        var line = prefix + wrap("(", join(arguments, ", "), ")")
        if line.utf16.count > maximumLineLength {
            line = prefix + wrap("(\n", indent(join(arguments, "\n")), "\n)")
        }
        return join([line, printed(field.directives), field.selectionSet.map(printed) ?? ""], " ")
    }

    /// `fragment Name on Type @directives { ... }`
    static func printed(_ fragment: FragmentDefinition) -> String {
        "fragment \(fragment.name.value) on \(fragment.typeCondition.value) "
            + wrap("", printed(fragment.directives), " ") + printed(fragment.selectionSet)
    }
}
