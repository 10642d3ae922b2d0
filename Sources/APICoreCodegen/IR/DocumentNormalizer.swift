import APICoreCompiler

/// Prepares operations and fragments for sending: `__typename` first in every selection set below the root (so type
/// cases can always be told apart, as Apollo iOS does), strings on one line, and one-line printing.
///
/// The text is the one Apollo iOS sends and hashes, so persisted-query ids registered for an Apollo app stay valid:
/// `query Hero { hero { __typename name } }`, fragments appended one per line.
enum DocumentNormalizer {
    /// The operation with `__typename` added to each selection set below its root.
    static func normalized(_ operation: OperationDefinition) -> OperationDefinition {
        var operation = operation
        operation.selectionSet = normalized(operation.selectionSet, addsTypename: false)
        operation.directives = operation.directives.map(inlineStrings)
        operation.variableDefinitions = operation.variableDefinitions.map(inlineStrings)
        return operation
    }

    /// The fragment with `__typename` added to each of its selection sets.
    static func normalized(_ fragment: FragmentDefinition) -> FragmentDefinition {
        var fragment = fragment
        fragment.selectionSet = normalized(fragment.selectionSet, addsTypename: true)
        fragment.directives = fragment.directives.map(inlineStrings)
        fragment.variableDefinitions = fragment.variableDefinitions.map(inlineStrings)
        return fragment
    }

    /// One definition as one line, as it is sent: `query Hero { hero { __typename name } }`. The nullability
    /// directives (`@catch`, `@catchByDefault`) are the client's own and are left out.
    static func oneLine(_ definition: Definition) -> String {
        // Byte by byte: the printer indents with ASCII spaces and breaks lines with `\n` alone.
        let printed = Array(Printer.print(withoutClientNullability(definition)).utf8)
        var text: [UInt8] = []
        text.reserveCapacity(printed.count)
        for line in printed.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == UInt8(ascii: " ") }
            if let last = text.last, last != UInt8(ascii: "("), trimmed.first != UInt8(ascii: ")") {
                text.append(UInt8(ascii: " "))
            }
            text += trimmed
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether a directive is one only the client reads: `@catch` or `@catchByDefault`.
    private static func isClientNullability(_ directive: Directive) -> Bool {
        directive.name.value == "catch" || directive.name.value == "catchByDefault"
    }

    /// The definition without the nullability directives.
    private static func withoutClientNullability(_ definition: Definition) -> Definition {
        switch definition {
        case .operation(var operation):
            operation.directives.removeAll(where: isClientNullability)
            operation.selectionSet = withoutClientNullability(operation.selectionSet)
            return .operation(operation)
        case .fragment(var fragment):
            fragment.directives.removeAll(where: isClientNullability)
            fragment.selectionSet = withoutClientNullability(fragment.selectionSet)
            return .fragment(fragment)
        default:
            return definition
        }
    }

    /// The selections without `@catch` on their fields, at every depth.
    private static func withoutClientNullability(_ selectionSet: SelectionSet) -> SelectionSet {
        var selectionSet = selectionSet
        selectionSet.selections = selectionSet.selections.map { selection in
            switch selection {
            case .field(var field):
                field.directives.removeAll(where: isClientNullability)
                field.selectionSet = field.selectionSet.map(withoutClientNullability)
                return .field(field)
            case .inlineFragment(var fragment):
                fragment.selectionSet = withoutClientNullability(fragment.selectionSet)
                return .inlineFragment(fragment)
            case .fragmentSpread:
                return selection
            }
        }
        return selectionSet
    }

    private static func normalized(_ selectionSet: SelectionSet, addsTypename: Bool) -> SelectionSet {
        var selections: [Selection] = []
        if addsTypename { selections.append(.field(Field(name: Name("__typename")))) }
        for selection in selectionSet.selections {
            switch selection {
            case .field(var field):
                if addsTypename, field.name.value == "__typename", field.alias == nil, field.directives.isEmpty {
                    continue
                }
                field.arguments = field.arguments.map(inlineStrings)
                field.directives = field.directives.map(inlineStrings)
                field.selectionSet = field.selectionSet.map { normalized($0, addsTypename: true) }
                selections.append(.field(field))
            case .inlineFragment(var fragment):
                fragment.directives = fragment.directives.map(inlineStrings)
                fragment.selectionSet = normalized(fragment.selectionSet, addsTypename: true)
                selections.append(.inlineFragment(fragment))
            case .fragmentSpread(var spread):
                spread.arguments = spread.arguments.map(inlineStrings)
                spread.directives = spread.directives.map(inlineStrings)
                selections.append(.fragmentSpread(spread))
            }
        }
        return SelectionSet(selections: selections, location: selectionSet.location)
    }

    /// The variable with block strings in its default value and its directives on one line.
    private static func inlineStrings(_ variable: VariableDefinition) -> VariableDefinition {
        var variable = variable
        variable.defaultValue = variable.defaultValue.map(inlineStrings)
        variable.directives = variable.directives.map(inlineStrings)
        return variable
    }

    private static func inlineStrings(_ directive: Directive) -> Directive {
        var directive = directive
        directive.arguments = directive.arguments.map(inlineStrings)
        return directive
    }

    private static func inlineStrings(_ argument: Argument) -> Argument {
        var argument = argument
        argument.value = inlineStrings(argument.value)
        return argument
    }

    /// The value with block strings turned into ordinary strings, which print on one line.
    private static func inlineStrings(_ value: Value) -> Value {
        var value = value
        switch value.kind {
        case .string(let text, isBlock: true): value.kind = .string(text, isBlock: false)
        case .list(let elements): value.kind = .list(elements.map(inlineStrings))
        case .object(let members): value.kind = .object(members.map(inlineStrings))
        default: break
        }
        return value
    }
}
