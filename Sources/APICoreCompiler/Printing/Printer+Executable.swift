extension Printer {
    /// The longest line of field arguments kept on one line.
    static let maximumLineLength = 80

    /// An operation; a nameless query without variables or directives is printed in its `{ ... }` shorthand.
    static func write(_ operation: OperationDefinition, to writer: inout PrintWriter) {
        let variables = wrap("(", join(operation.variableDefinitions.map(printed), ", "), ")")
        let prefix = join(
            [operation.kind.rawValue, join([operation.name?.value ?? "", variables]), printed(operation.directives)],
            " ")
        if prefix != "query" { writer.write(prefix + " ") }
        write(operation.selectionSet, to: &writer)
    }

    /// `$name: Type = default @directives`
    static func printed(_ variable: VariableDefinition) -> String {
        "$" + variable.name.value + ": " + variable.type.description
            + wrap(" = ", variable.defaultValue.map(printed)) + wrap(" ", printed(variable.directives))
    }

    /// `{`, one selection per line, `}`.
    static func write(_ selectionSet: SelectionSet, to writer: inout PrintWriter) {
        guard !selectionSet.selections.isEmpty else {
            writer.write("{}")
            return
        }
        writer.openBlock()
        for selection in selectionSet.selections {
            writer.nextItem()
            write(selection, to: &writer)
        }
        writer.closeBlock()
    }

    /// A field, fragment spread or inline fragment.
    static func write(_ selection: Selection, to writer: inout PrintWriter) {
        switch selection {
        case .field(let field):
            write(field, to: &writer)
        case .fragmentSpread(let spread):
            let arguments = wrap("(", join(spread.arguments.map(printed), ", "), ")")
            writer.write("..." + spread.name.value + arguments + wrap(" ", printed(spread.directives)))
        case .inlineFragment(let fragment):
            writer.write(
                join(["...", wrap("on ", fragment.typeCondition?.value), printed(fragment.directives)], " ") + " ")
            write(fragment.selectionSet, to: &writer)
        }
    }

    /// `alias: name(arguments) @directives { ... }`, the arguments one per line when they do not fit on one.
    static func write(_ field: Field, to writer: inout PrintWriter) {
        let prefix = wrap("", field.alias?.value, ": ") + field.name.value
        let arguments = field.arguments.map(printed)
        var line = prefix + wrap("(", join(arguments, ", "), ")")
        if line.utf16.count > maximumLineLength {
            line = prefix + wrap("(\n", indent(join(arguments, "\n")), "\n)")
        }
        writer.write(line + wrap(" ", printed(field.directives)))
        if let selectionSet = field.selectionSet {
            writer.write(" ")
            write(selectionSet, to: &writer)
        }
    }

    /// `fragment Name($variable: Type) on Type @directives { ... }`
    static func write(_ fragment: FragmentDefinition, to writer: inout PrintWriter) {
        let variables = wrap("(", join(fragment.variableDefinitions.map(printed), ", "), ")")
        writer.write(
            "fragment \(fragment.name.value)\(variables) on \(fragment.typeCondition.value) "
                + wrap("", printed(fragment.directives), " "))
        write(fragment.selectionSet, to: &writer)
    }
}
