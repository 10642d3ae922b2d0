/// Fragment arguments (RFC 1224) resolved at a spread: each variable a fragment declares gets the spread's value for
/// it, else its default, else nothing, and the fragment's selections are rewritten with those values. A variable the
/// fragment does not declare is the operation's (or an enclosing fragment's) and is left as written.
///
/// The same rewriting serves three ends: the code generator reads a spread's fields with the values that reach them
/// (the right arguments in cache keys), validation compares the fields two spreads select, and a document can be sent
/// with every fragment that declares variables inlined as a specialized inline fragment, for servers that do not
/// parse fragment arguments.
public struct FragmentArguments: Sendable, Hashable {
    /// The value of each variable the fragment declares; `nil` when the spread gives none and there is no default,
    /// so that an argument given that variable is left out, as a variable the request does not set.
    public let values: [String: Value?]

    /// The values a spread gives `fragment`'s variables.
    public init(_ spread: FragmentSpread, of fragment: FragmentDefinition) {
        var values: [String: Value?] = [:]
        for variable in fragment.variableDefinitions {
            let given = spread.arguments.first { $0.name.value == variable.name.value }?.value
            let value: Value? = given ?? variable.defaultValue
            // Kept when `nil` too: a variable without a value is still the fragment's, never the operation's.
            values.updateValue(value, forKey: variable.name.value)
        }
        self.values = values
    }

    /// Whether the fragment declares no variable, so that its selections read the same at every spread.
    public var isEmpty: Bool { values.isEmpty }

    /// The values as text that is the same for the same values however they are written: names in order, input
    /// object fields in order of their names, `-` for a variable without a value. Two spreads whose texts are equal
    /// select the same fields.
    public var canonicalText: String {
        values.keys.sorted().map { name in "\(name): \(values[name]!.map(Self.canonicalText) ?? "-")" }
            .joined(separator: ", ")
    }

    /// A value as text, its input object fields in order of their names.
    public static func canonicalText(_ value: Value) -> String {
        switch value.kind {
        case .list(let elements):
            return "[" + elements.map(canonicalText).joined(separator: ", ") + "]"
        case .object(let members):
            let fields = members.sorted { $0.name.value < $1.name.value }
            return "{" + fields.map { "\($0.name.value): \(canonicalText($0.value))" }.joined(separator: ", ") + "}"
        default:
            return Printer.print(value)
        }
    }

    /// The names of the variables `selectionSet` uses, at every depth of its fields and inline fragments (arguments,
    /// directives, the arguments of spreads), not through the fragments it spreads.
    public static func variablesUsed(in selectionSet: SelectionSet) -> Set<String> {
        var names: Set<String> = []
        func add(_ value: Value) {
            switch value.kind {
            case .variable(let name): names.insert(name)
            case .list(let elements): elements.forEach(add)
            case .object(let members): members.forEach { add($0.value) }
            default: break
            }
        }
        var pending = [selectionSet]
        while let next = pending.popLast() {
            for selection in next.selections {
                selection.directives.forEach { $0.arguments.forEach { add($0.value) } }
                switch selection {
                case .field(let field):
                    field.arguments.forEach { add($0.value) }
                    if let nested = field.selectionSet { pending.append(nested) }
                case .inlineFragment(let inline): pending.append(inline.selectionSet)
                case .fragmentSpread(let spread): spread.arguments.forEach { add($0.value) }
                }
            }
        }
        return names
    }

    /// `selectionSet` with the fragment's variables replaced, at every depth: field and directive arguments and the
    /// arguments of nested spreads (whose own fragments are resolved at those spreads).
    public func applied(to selectionSet: SelectionSet) -> SelectionSet {
        guard !values.isEmpty else { return selectionSet }
        var result = selectionSet
        result.selections = selectionSet.selections.map(applied)
        return result
    }

    private func applied(to selection: Selection) -> Selection {
        switch selection {
        case .field(var field):
            field.arguments = applied(to: field.arguments)
            field.directives = field.directives.map(applied)
            field.selectionSet = field.selectionSet.map(applied)
            return .field(field)
        case .inlineFragment(var fragment):
            fragment.directives = fragment.directives.map(applied)
            fragment.selectionSet = applied(to: fragment.selectionSet)
            return .inlineFragment(fragment)
        case .fragmentSpread(var spread):
            spread.arguments = applied(to: spread.arguments)
            spread.directives = spread.directives.map(applied)
            return .fragmentSpread(spread)
        }
    }

    private func applied(to directive: Directive) -> Directive {
        var directive = directive
        directive.arguments = applied(to: directive.arguments)
        return directive
    }

    /// The arguments with the variables replaced; one given a variable without a value is left out.
    private func applied(to arguments: [Argument]) -> [Argument] {
        arguments.compactMap { argument in
            guard let value = applied(to: argument.value) else { return nil }
            var argument = argument
            argument.value = value
            return argument
        }
    }

    /// The value with the variables replaced; `nil` for a variable without a value. In a list such a variable is
    /// `null`; in an input object its field is left out, as GraphQL coerces an unset variable there.
    private func applied(to value: Value) -> Value? {
        switch value.kind {
        case .variable(let name):
            guard let replacement = values[name] else { return value }
            // The replacement is written where the spread or the default is; located at the use, for diagnostics.
            return replacement.map { Value($0.kind, location: value.location) }
        case .list(let elements):
            return Value(
                .list(elements.map { applied(to: $0) ?? Value(.null, location: $0.location) }), location: value.location
            )
        case .object(let members):
            return Value(.object(applied(to: members)), location: value.location)
        default:
            return value
        }
    }
}

extension FragmentArguments {
    /// `selectionSet` with every spread of a fragment that declares variables replaced by an inline fragment on the
    /// fragment's type that holds its selections with the spread's values, at every depth, so that the text needs no
    /// fragment arguments; spreads of fragments without variables are left as they are. A spread of a fragment not
    /// in `fragments` is left as written.
    public static func inlining(
        _ selectionSet: SelectionSet, fragments: [String: FragmentDefinition]
    ) -> SelectionSet {
        var result = selectionSet
        result.selections = selectionSet.selections.map { selection in
            switch selection {
            case .field(var field):
                field.selectionSet = field.selectionSet.map { inlining($0, fragments: fragments) }
                return .field(field)
            case .inlineFragment(var fragment):
                fragment.selectionSet = inlining(fragment.selectionSet, fragments: fragments)
                return .inlineFragment(fragment)
            case .fragmentSpread(let spread):
                guard let fragment = fragments[spread.name.value], !fragment.variableDefinitions.isEmpty else {
                    return selection
                }
                let specialized = FragmentArguments(spread, of: fragment).applied(to: fragment.selectionSet)
                return .inlineFragment(
                    InlineFragment(
                        typeCondition: fragment.typeCondition, directives: spread.directives,
                        selectionSet: inlining(specialized, fragments: fragments), location: spread.location))
            }
        }
        return result
    }

    /// The fragment spreads of a selection set, at every depth of its fields and inline fragments (not through the
    /// fragments spread).
    public static func spreads(in selectionSet: SelectionSet) -> [FragmentSpread] {
        var found: [FragmentSpread] = []
        var pending = [selectionSet]
        while let next = pending.popLast() {
            for selection in next.selections {
                switch selection {
                case .field(let field): if let nested = field.selectionSet { pending.append(nested) }
                case .inlineFragment(let inline): pending.append(inline.selectionSet)
                case .fragmentSpread(let spread): found.append(spread)
                }
            }
        }
        return found
    }
}
