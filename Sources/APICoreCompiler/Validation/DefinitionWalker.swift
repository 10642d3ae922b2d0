/// Walks one operation or fragment definition depth-first, refining a ``TypeInfo`` on the way down, and runs the
/// rules that look at one node with its types: fields, arguments, values, directives, fragment spreads and
/// overlapping fields. It records the definition's fragment spreads and variable usages in ``summary`` for the rules
/// that look across definitions.
final class DefinitionWalker {
    let context: ValidationContext
    /// The index of the document the definition is in.
    let documentIndex: Int
    /// What the walk recorded.
    private(set) var summary = DefinitionSummary()
    /// The names of the variables the fragment walked declares (fragment arguments), which its uses refer to.
    private var fragmentVariables: Set<String> = []

    init(context: ValidationContext, documentIndex: Int) {
        self.context = context
        self.documentIndex = documentIndex
    }

    /// Records a variable used where a value is expected.
    func recordUsage(_ usage: VariableUsage) {
        if fragmentVariables.contains(usage.name) {
            summary.fragmentVariableUsages.append(usage)
        } else {
            summary.variableUsages.append(usage)
        }
    }

    /// Walks an operation: its variable definitions, directives and selection set from the root type.
    func walk(_ operation: OperationDefinition) {
        let rootType = context.schema.rootType(for: operation.kind).map(SchemaType.object)
        OperationTypeRule.check(operation, rootType: rootType, context)
        walkVariableDefinitions(operation.variableDefinitions)
        let location: DirectiveLocation =
            switch operation.kind {
            case .query: .query
            case .mutation: .mutation
            case .subscription: .subscription
            }
        walkDirectives(operation.directives, at: location, TypeInfo(parentType: nil))
        walkSelectionSet(operation.selectionSet, TypeInfo(parentType: rootType))
    }

    /// Walks a fragment definition: its variable definitions, directives and selection set from its type condition,
    /// then checks the uses of its own variables (``FragmentVariableRules``).
    func walk(_ fragment: FragmentDefinition) {
        let conditionType = TypeConditionRules.compositeType(
            of: fragment.typeCondition, fragmentName: fragment.name.value, context)
        walkVariableDefinitions(fragment.variableDefinitions)
        fragmentVariables = Set(fragment.variableDefinitions.map(\.name.value))
        walkDirectives(fragment.directives, at: .fragmentDefinition, TypeInfo(parentType: nil))
        walkSelectionSet(fragment.selectionSet, TypeInfo(parentType: conditionType))
        FragmentVariableRules.check(fragment, usages: summary.fragmentVariableUsages, context)
    }

    private func walkSelectionSet(_ selectionSet: SelectionSet, _ info: TypeInfo) {
        context.fieldConflicts.check(selectionSet, parentType: info.parentType, documentIndex: documentIndex)
        FragmentVariableRules.checkSpreadArguments(in: selectionSet, context)
        for selection in selectionSet.selections {
            guard !context.isAborted else { return }
            switch selection {
            case .field(let field): walkField(field, info)
            case .fragmentSpread(let spread): walkFragmentSpread(spread, info)
            case .inlineFragment(let fragment): walkInlineFragment(fragment, info)
            }
        }
    }

    private func walkField(_ field: Field, _ outer: TypeInfo) {
        let definition = outer.parentType.flatMap { context.fieldDefinition(named: field.name.value, on: $0) }
        FieldRules.check(field, definition: definition, parentType: outer.parentType, context)
        var info = outer
        info.fieldDefinition = definition
        walkDirectives(field.directives, at: .field, info)
        let owner = definition.map { ArgumentOwner.field($0, parentTypeName: outer.parentType?.name ?? "") }
        walkArguments(field.arguments, of: owner, at: field.location, info)
        guard let selectionSet = field.selectionSet else { return }
        let fieldType = definition.flatMap { context.namedType(of: $0.type) }
        var inner = TypeInfo(parentType: fieldType?.isComposite == true ? fieldType : nil)
        inner.recordsVariables = outer.recordsVariables
        walkSelectionSet(selectionSet, inner)
    }

    private func walkFragmentSpread(_ spread: FragmentSpread, _ info: TypeInfo) {
        summary.fragmentSpreads.append(spread)
        FragmentSpreadRules.check(spread, parentType: info.parentType, context)
        walkDirectives(spread.directives, at: .fragmentSpread, info)
        // The arguments are the fragment's variables; without a definition, KnownFragmentNames has said so.
        if let fragment = context.fragments[spread.name.value]?.definition {
            walkArguments(spread.arguments, of: .fragment(fragment), at: spread.location, info)
        }
    }

    private func walkInlineFragment(_ fragment: InlineFragment, _ outer: TypeInfo) {
        var inner = outer
        if let condition = fragment.typeCondition {
            inner.parentType = TypeConditionRules.compositeType(of: condition, fragmentName: nil, context)
            FragmentSpreadRules.check(fragment, type: inner.parentType, parentType: outer.parentType, context)
        }
        walkDirectives(fragment.directives, at: .inlineFragment, outer)
        inner.fieldDefinition = nil
        walkSelectionSet(fragment.selectionSet, inner)
    }

    private func walkVariableDefinitions(_ definitions: [VariableDefinition]) {
        guard !definitions.isEmpty else { return }
        VariableDefinitionRules.checkUnique(definitions, context)
        for definition in definitions {
            let isInputType = VariableDefinitionRules.check(definition, context)
            // Variables in a definition's default value or directives are not usages of the operation.
            var info = TypeInfo(parentType: nil)
            info.recordsVariables = false
            if let defaultValue = definition.defaultValue {
                info.inputType = isInputType ? definition.type : nil
                walkValue(defaultValue, info)
                info.inputType = nil
            }
            walkDirectives(definition.directives, at: .variableDefinition, info)
        }
    }

    private func walkDirectives(_ directives: [Directive], at location: DirectiveLocation, _ info: TypeInfo) {
        guard !directives.isEmpty else { return }
        DirectiveRules.checkUnique(directives, context)
        for directive in directives {
            let definition = context.directive(named: directive.name.value)
            DirectiveRules.checkKnown(directive, definition: definition, at: location, context)
            if directive.name.value == "defer" || directive.name.value == "stream" {
                summary.incrementalDirectives.append(directive)
                DeferStreamRules.check(directive, at: location, info, context)
            }
            var inner = info
            inner.directive = definition
            walkArguments(
                directive.arguments, of: definition.map(ArgumentOwner.directive), at: directive.location, inner)
        }
    }

    private func walkArguments(
        _ arguments: [Argument], of owner: ArgumentOwner?, at ownerLocation: SourceLocation, _ info: TypeInfo
    ) {
        if arguments.count > 1 {
            ArgumentRules.checkUnique(arguments, context)
        }
        for argument in arguments {
            let definition = owner?.argument(named: argument.name.value)
            if let owner, definition == nil {
                ArgumentRules.reportUnknown(argument, of: owner, context)
            }
            walkValue(argument.value, info.enteringValue(of: definition, oneOfObject: nil, checksValues: true))
        }
        if let owner {
            ArgumentRules.checkRequired(arguments, of: owner, at: ownerLocation, context)
        }
    }
}
