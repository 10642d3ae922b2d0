import APICoreCompiler

/// What an operation or fragment asks a server for, one line per variable, field and spread, with every argument and
/// default: string values exact (a block string and its quoted form read alike), and the `__typename` the generator
/// adds to each selection set below the root left out. Two definitions with equal outlines send the same request.
enum EscapingDocumentOutline {
    /// The outline of each operation and fragment of `document`, by name.
    static func outlines(of document: Document) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for operation in document.operations {
            var lines = ["\(operation.kind.rawValue) \(operation.name?.value ?? "")\(directives(operation.directives))"]
            for variable in operation.variableDefinitions {
                let defaultValue = variable.defaultValue.map { " = " + outline($0) } ?? ""
                lines.append("$\(variable.name.value): \(Printer.print(variable.type))\(defaultValue)")
            }
            outline(operation.selectionSet, depth: 0, into: &lines)
            result[operation.name?.value ?? ""] = lines
        }
        for fragment in document.fragments {
            var lines = ["fragment \(fragment.name.value) on \(fragment.typeCondition.value)"]
            outline(fragment.selectionSet, depth: 1, into: &lines)
            result[fragment.name.value] = lines
        }
        return result
    }

    /// Every string value of `document`, in the order written.
    static func strings(in document: Document) -> [String] {
        var result: [String] = []
        func collectValue(_ value: Value) {
            switch value.kind {
            case .string(let text, _): result.append(text)
            case .list(let elements): elements.forEach(collectValue)
            case .object(let members): members.forEach { collectValue($0.value) }
            default: break
            }
        }
        func collectSelections(_ selectionSet: SelectionSet) {
            for selection in selectionSet.selections {
                selection.directives.forEach { $0.arguments.forEach { collectValue($0.value) } }
                switch selection {
                case .field(let field):
                    field.arguments.forEach { collectValue($0.value) }
                    if let selectionSet = field.selectionSet { collectSelections(selectionSet) }
                case .inlineFragment(let fragment): collectSelections(fragment.selectionSet)
                case .fragmentSpread: break
                }
            }
        }
        for operation in document.operations {
            for variable in operation.variableDefinitions {
                if let value = variable.defaultValue { collectValue(value) }
            }
            collectSelections(operation.selectionSet)
        }
        document.fragments.forEach { collectSelections($0.selectionSet) }
        return result
    }

    private static func outline(_ selectionSet: SelectionSet, depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth + 1)
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if depth > 0, field.alias == nil, field.name.value == "__typename", field.directives.isEmpty {
                    continue
                }
                let alias = field.alias.map { $0.value + ": " } ?? ""
                lines.append(
                    indent + alias + field.name.value + arguments(field.arguments) + directives(field.directives))
                if let selectionSet = field.selectionSet { outline(selectionSet, depth: depth + 1, into: &lines) }
            case .fragmentSpread(let spread):
                lines.append(indent + "..." + spread.name.value + directives(spread.directives))
            case .inlineFragment(let fragment):
                let condition = fragment.typeCondition.map { " on " + $0.value } ?? ""
                lines.append(indent + "..." + condition + directives(fragment.directives))
                outline(fragment.selectionSet, depth: depth + 1, into: &lines)
            }
        }
    }

    private static func arguments(_ arguments: [Argument]) -> String {
        guard !arguments.isEmpty else { return "" }
        return "(" + arguments.map { "\($0.name.value): \(outline($0.value))" }.joined(separator: ", ") + ")"
    }

    private static func directives(_ directives: [Directive]) -> String {
        directives.map { " @" + $0.name.value + arguments($0.arguments) }.joined()
    }

    /// A value with its strings written as Swift would debug-print them, so that every character shows.
    private static func outline(_ value: Value) -> String {
        switch value.kind {
        case .variable(let name): "$" + name
        case .int(let text), .float(let text): text
        case .string(let text, _): String(reflecting: text)
        case .boolean(let flag): String(flag)
        case .null: "null"
        case .enumValue(let name): name
        case .list(let elements): "[" + elements.map(outline).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.map { "\($0.name.value): \(outline($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
