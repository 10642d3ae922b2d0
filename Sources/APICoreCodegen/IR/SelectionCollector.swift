import APICoreCompiler

/// The selections of one selection set gathered as the specification's CollectFields gathers them: fields by
/// response key (with the fields of always-applying inline fragments and fragment spreads merged in), the named
/// fragments spread on the type, and the narrower type conditions and deferred parts to generate separately.
struct SelectionCollector {
    /// One occurrence of a response key.
    struct Occurrence {
        var field: Field
        /// The type the field was selected on: the scope, or a type every object of the scope has.
        var selectedOn: SchemaType
        var conditions: [IRCondition]
        /// Whether it was selected on the type itself rather than inside a spread fragment.
        var isDirect: Bool
    }

    /// A narrower type condition or a deferred part: its type and the selections inside it, gathered from each
    /// inline fragment or fragment spread on the type, each under its own `@include`/`@skip` conditions.
    struct InlineGroup {
        var typeName: String
        var label: String?
        private var parts: [(conditions: [IRCondition], selections: [Selection])]

        init(typeName: String, label: String? = nil, conditions: [IRCondition], selections: [Selection]) {
            self.typeName = typeName
            self.label = label
            parts = [(conditions, selections)]
        }

        /// Adds the selections of another inline fragment or spread on the type, under its conditions.
        mutating func add(_ selections: [Selection], conditions: [IRCondition]) {
            parts.append((conditions, selections))
        }

        /// The conditions under which the group applies: those every part has (none when one part has none).
        var conditions: [IRCondition] { SelectionCollector.common(parts.map(\.conditions)) }

        /// The selections of every part; a part's conditions beyond the group's keep guarding its own selections.
        var selections: [Selection] {
            let common = conditions
            return parts.flatMap { part in
                SelectionCollector.guarded(part.selections, by: part.conditions.filter { !common.contains($0) })
            }
        }
    }

    let schema: GraphQLSchema
    let fragmentDefinitions: [String: FragmentDefinition]
    /// The variables of the operation whose selections these are; empty in a fragment's own types.
    var operationVariables: [String: VariableDefinition] = [:]

    private(set) var keys: [String] = []
    private(set) var occurrences: [String: [Occurrence]] = [:]
    /// The named fragments spread on the set, each once, with the conditions of each of its spreads (one empty set
    /// when a spread has none: it is then always selected).
    private(set) var fragmentUses:
        [(name: String, conditionSets: [[IRCondition]], deferLabel: String??, arguments: FragmentArguments)] = []
    private(set) var typeCases: [InlineGroup] = []
    private(set) var deferredParts: [InlineGroup] = []

    init(schema: GraphQLSchema, fragmentDefinitions: [String: FragmentDefinition]) {
        self.schema = schema
        self.fragmentDefinitions = fragmentDefinitions
    }

    /// Gathers `selections` made on `scope` under `conditions`; `isDirect` is `false` inside spread fragments, whose
    /// fields only count for merging.
    mutating func collect(
        _ selections: [Selection],
        in scope: SchemaType,
        selectedOn: SchemaType? = nil,
        conditions: [IRCondition] = [],
        isDirect: Bool = true,
        visiting: [String] = []
    ) throws(CompilerError) {
        for selection in selections {
            guard let own = try Self.conditions(of: selection.directives) else { continue }
            let combined = Self.combine(conditions, own)
            switch selection {
            case .field(let field):
                if occurrences[field.responseKey] == nil { keys.append(field.responseKey) }
                occurrences[field.responseKey, default: []].append(
                    Occurrence(field: field, selectedOn: selectedOn ?? scope, conditions: combined, isDirect: isDirect))
            case .inlineFragment(let inline):
                // Without a type condition, an inline fragment has the type of the selection set it is written in,
                // which inside an inline fragment or fragment spread that always applies is narrower than `scope`.
                let enclosing = selectedOn ?? scope
                let type = try compositeType(inline.typeCondition ?? Name(enclosing.name), at: inline.location)
                if let label = Self.deferLabel(inline.directives) {
                    if isDirect {
                        deferredParts.append(
                            InlineGroup(
                                typeName: type.name, label: label, conditions: combined,
                                selections: inline.selectionSet.selections))
                    }
                } else if applies(type, to: scope) {
                    try collect(
                        inline.selectionSet.selections, in: scope, selectedOn: type, conditions: combined,
                        isDirect: isDirect, visiting: visiting)
                } else if isDirect {
                    addTypeCase(type.name, conditions: combined, selections: inline.selectionSet.selections)
                }
            case .fragmentSpread(let spread):
                try collect(spread, in: scope, conditions: combined, isDirect: isDirect, visiting: visiting)
            }
        }
    }

    private mutating func collect(
        _ spread: FragmentSpread,
        in scope: SchemaType,
        conditions: [IRCondition],
        isDirect: Bool,
        visiting: [String]
    ) throws(CompilerError) {
        let name = spread.name.value
        guard let fragment = fragmentDefinitions[name] else {
            throw IRBuilder.failure("Unknown fragment \"\(name)\".", at: spread.location)
        }
        guard !visiting.contains(name) else {
            throw IRBuilder.failure("Cannot spread fragment \"\(name)\" within itself.", at: spread.location)
        }
        let type = try compositeType(fragment.typeCondition, at: fragment.typeCondition.location)
        try checkOperationVariables(passedBy: spread, to: fragment)
        // The fragment's selections with the values this spread gives its variables: the fields it adds here.
        let arguments = FragmentArguments(spread, of: fragment)
        if let label = Self.deferLabel(spread.directives) {
            if isDirect { fragmentUses.append((name, [conditions], label, arguments)) }
        } else if applies(type, to: scope) {
            if isDirect {
                // Spread again under other conditions, it is selected when any of its spreads is.
                if let index = fragmentUses.firstIndex(where: { $0.name == name && $0.deferLabel == nil }) {
                    guard Self.sameValues(fragmentUses[index].arguments, arguments) else {
                        throw IRBuilder.failure(
                            "Fragment \"\(name)\" is spread twice here with different arguments.", at: spread.location)
                    }
                    fragmentUses[index].conditionSets.append(conditions)
                } else {
                    fragmentUses.append((name, [conditions], nil, arguments))
                }
            }
            try collect(
                arguments.applied(to: fragment.selectionSet).selections, in: scope, selectedOn: type,
                conditions: conditions, isDirect: false, visiting: visiting + [name])
        } else if isDirect {
            let bare = Selection.fragmentSpread(
                FragmentSpread(name: spread.name, arguments: spread.arguments, location: spread.location))
            addTypeCase(type.name, conditions: conditions, selections: [bare])
        }
    }

    private mutating func addTypeCase(_ typeName: String, conditions: [IRCondition], selections: [Selection]) {
        if let index = typeCases.firstIndex(where: { $0.typeName == typeName }) {
            typeCases[index].add(selections, conditions: conditions)
        } else {
            typeCases.append(InlineGroup(typeName: typeName, conditions: conditions, selections: selections))
        }
    }

    /// Whether every object of `scope` is also of `type`, so selections on `type` always apply.
    func applies(_ type: SchemaType, to scope: SchemaType) -> Bool {
        type.name == scope.name || schema.possibleTypeNames(of: scope).isSubset(of: schema.possibleTypeNames(of: type))
    }

    /// The object, interface or union type called `name`.
    func compositeType(_ name: Name, at location: SourceLocation) throws(CompilerError) -> SchemaType {
        guard let type = schema.type(named: name.value), type.isComposite else {
            throw IRBuilder.failure("Unknown object, interface or union type \"\(name.value)\".", at: location)
        }
        return type
    }

    /// The `@include`/`@skip` conditions of a selection; `nil` when a literal argument always excludes it.
    static func conditions(of directives: [Directive]) throws(CompilerError) -> [IRCondition]? {
        var result: [IRCondition] = []
        for directive in directives where directive.name.value == "include" || directive.name.value == "skip" {
            let isInclude = directive.name.value == "include"
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else {
                throw IRBuilder.failure("@\(directive.name.value) needs an \"if\" argument.", at: directive.location)
            }
            switch argument.value.kind {
            case .variable(let name):
                result.append(IRCondition(variable: name, isInclude: isInclude))
            case .boolean(let value):
                if value != isInclude { return nil }
            default:
                throw IRBuilder.failure(
                    "@\(directive.name.value)(if:) takes a Boolean or a variable.", at: argument.value.location)
            }
        }
        return result
    }

    /// `nil` when not deferred; the label (or `nil` without one) when `@defer` applies.
    static func deferLabel(_ directives: [Directive]) -> String?? {
        guard let directive = directives.first(where: { $0.name.value == "defer" }) else { return nil }
        if let condition = directive.arguments.first(where: { $0.name.value == "if" }),
            case .boolean(false) = condition.value.kind
        {
            return nil
        }
        let label = directive.arguments.first { $0.name.value == "label" }
        if case .string(let text, _)? = label?.value.kind { return .some(text) }
        return .some(nil)
    }

    /// Refuses an operation variable that may be unset (nullable, without a default) given to a fragment variable that
    /// has a default: unset, a server that reads fragment arguments gives the fragment's default, one that gets them
    /// inlined gives the field's own, and the selection tree can say neither.
    private func checkOperationVariables(
        passedBy spread: FragmentSpread, to fragment: FragmentDefinition
    ) throws(CompilerError) {
        for argument in spread.arguments {
            guard case .variable(let name) = argument.value.kind, let passed = operationVariables[name],
                passed.defaultValue == nil
            else { continue }
            if case .nonNull = passed.type { continue }
            guard let receiving = fragment.variableDefinitions.first(where: { $0.name.value == argument.name.value }),
                let fallback = receiving.defaultValue
            else { continue }
            throw IRBuilder.failure(
                "The operation's \"$\(name)\" may be unset, and \"$\(receiving.name.value)\" of fragment "
                    + "\"\(fragment.name.value)\" has a default: servers disagree on what an unset variable gives it. "
                    + "Declare \"$\(name): \(passed.type) = \(Printer.print(fallback))\".",
                at: argument.value.location)
        }
    }

    /// Whether two spreads give a fragment's variables the same values, wherever each value is written.
    static func sameValues(_ first: FragmentArguments, _ second: FragmentArguments) -> Bool {
        first.canonicalText == second.canonicalText
    }

    /// `first` followed by the conditions of `second` it does not have yet.
    static func combine(_ first: [IRCondition], _ second: [IRCondition]) -> [IRCondition] {
        first + second.filter { !first.contains($0) }
    }

    /// The conditions every one of `sets` has, in the first set's order; none when a set is empty.
    static func common(_ sets: [[IRCondition]]) -> [IRCondition] {
        guard let first = sets.first else { return [] }
        return first.filter { condition in sets.allSatisfy { $0.contains(condition) } }
    }

    /// `selections`, inside an inline fragment without a type condition that carries `conditions` as `@include` and
    /// `@skip` directives; as they are when there are none.
    static func guarded(_ selections: [Selection], by conditions: [IRCondition]) -> [Selection] {
        guard !conditions.isEmpty, !selections.isEmpty else { return selections }
        let directives = conditions.map { condition in
            Directive(
                name: Name(condition.isInclude ? "include" : "skip"),
                arguments: [Argument(name: Name("if"), value: Value(.variable(condition.variable)))])
        }
        return [
            .inlineFragment(
                InlineFragment(
                    typeCondition: nil, directives: directives, selectionSet: SelectionSet(selections: selections),
                    location: guardLocation))
        ]
    }

    /// Where the inline fragments of ``guarded(_:by:)`` are located: in no source.
    static let guardLocation = SourceLocation(file: "<merged conditions>", line: 0, column: 0, offset: 0)
}
