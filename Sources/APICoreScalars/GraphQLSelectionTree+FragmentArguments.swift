import APICoreGraphQL

/// Fragment arguments (RFC 1224): a fragment that declares variables, `fragment Avatar($size: Int = 64) on User`, is
/// one selection set wherever it is spread, but the fields that use its variables take the values each spread gives
/// (`...Avatar(size: 128)`). The spread's tree is the fragment's with those values in place, so that the walks
/// (checking data, normalizing, reading the cache) see the arguments the server saw, under the operation's variables.
extension GraphQLSelection {
    /// A named fragment spread of a generated fragment that declares variables, with the value the spread gives each
    /// of them (`nil` when it gives none and the variable has no default: arguments given it are left out).
    public static func fragment(
        _ type: any GraphQLSelectionSet.Type, arguments: [String: GraphQLArgumentValue?]
    ) -> GraphQLSelection {
        .fragment(GraphQLSelectionTree(type).specialized(arguments))
    }

    /// A deferred spread of a generated fragment that declares variables, with the values the spread gives them.
    public static func deferred(
        label: String?, _ type: any GraphQLSelectionSet.Type, arguments: [String: GraphQLArgumentValue?]
    ) -> GraphQLSelection {
        .deferred(label: label, GraphQLSelectionTree(type).specialized(arguments))
    }
}

extension GraphQLSelectionTree {
    /// The tree with the variables in `values` replaced, at every depth: in field arguments and in `@include`/`@skip`
    /// conditions. A value of `nil` is a variable without a value: an argument given it is left out, a list element
    /// is `null`, an input object field is left out, `@include` on it excludes and `@skip` on it does not. Subtrees
    /// that use none of the variables are kept as they are, so they stay the same selection sets
    /// (`GraphQLSelectionTree.id`).
    public func specialized(_ values: [String: GraphQLArgumentValue?]) -> GraphQLSelectionTree {
        guard !values.isEmpty else { return self }
        return substituting(values) ?? self
    }

    /// The tree with the variables replaced; `nil` when it uses none of them.
    fileprivate func substituting(_ values: [String: GraphQLArgumentValue?]) -> GraphQLSelectionTree? {
        let original = selections
        guard let replaced = Self.substituting(values, in: original) else { return nil }
        return GraphQLSelectionTree(parentType: parentType, selections: replaced)
    }

    /// The selections with the variables replaced; `nil` when they use none of them.
    private static func substituting(
        _ values: [String: GraphQLArgumentValue?], in selections: [GraphQLSelection]
    ) -> [GraphQLSelection]? {
        var result: [GraphQLSelection] = []
        var changed = false
        for selection in selections {
            let replaced: GraphQLSelection?
            switch selection {
            case .field(let field):
                replaced = field.substituting(values).map(GraphQLSelection.field)
            case .fragment(let tree):
                replaced = tree.substituting(values).map(GraphQLSelection.fragment)
            case .inlineFragment(let tree):
                replaced = tree.substituting(values).map(GraphQLSelection.inlineFragment)
            case .deferred(let label, let tree):
                replaced = tree.substituting(values).map { GraphQLSelection.deferred(label: label, $0) }
            case .conditional(let conditions, let guarded):
                let inner = substituting(values, in: guarded)
                switch conditions.substituting(values) {
                case .never:
                    changed = true
                    continue
                case .unchanged:
                    replaced = inner.map { GraphQLSelection.conditional(conditions, $0) }
                case .replaced(let remaining):
                    replaced = .conditional(remaining, inner ?? guarded)
                }
            }
            if let replaced {
                changed = true
                result.append(replaced)
            } else {
                result.append(selection)
            }
        }
        return changed ? result : nil
    }
}

extension GraphQLField {
    /// The field with the variables replaced in its arguments and its selections; `nil` when it uses none of them.
    fileprivate func substituting(_ values: [String: GraphQLArgumentValue?]) -> GraphQLField? {
        var argumentsChanged = false
        var replacedArguments: [(name: String, value: GraphQLArgumentValue)] = []
        for (name, value) in arguments {
            guard value.uses(values) else {
                replacedArguments.append((name, value))
                continue
            }
            argumentsChanged = true
            if let replaced = value.substituted(values) { replacedArguments.append((name, replaced)) }
        }
        let replacedType = type.substituting(values)
        guard argumentsChanged || replacedType != nil else { return nil }
        return GraphQLField(
            name, alias: alias, replacedType ?? type, arguments: replacedArguments, leafType: leafType,
            isImplicitKey: isImplicitKey, catching: catching)
    }
}

extension GraphQLOutputType {
    /// The type with the variables replaced in its selection set; `nil` for a leaf or a set that uses none of them.
    fileprivate func substituting(_ values: [String: GraphQLArgumentValue?]) -> GraphQLOutputType? {
        switch self {
        case .scalar: nil
        case .object(let tree): tree.substituting(values).map(GraphQLOutputType.object)
        case .list(let inner): inner.substituting(values).map(GraphQLOutputType.list)
        case .nonNull(let inner): inner.substituting(values).map(GraphQLOutputType.nonNull)
        }
    }
}

extension GraphQLArgumentValue {
    /// Whether the value refers to one of the variables.
    fileprivate func uses(_ values: [String: GraphQLArgumentValue?]) -> Bool {
        switch self {
        case .literal: false
        case .variable(let name): values.keys.contains(name)
        case .list(let elements): elements.contains { $0.uses(values) }
        case .object(let fields): fields.values.contains { $0.uses(values) }
        }
    }

    /// The value with the variables replaced; `nil` for a variable without a value.
    fileprivate func substituted(_ values: [String: GraphQLArgumentValue?]) -> GraphQLArgumentValue? {
        switch self {
        case .literal:
            return self
        case .variable(let name):
            guard let value = values[name] else { return self }
            return value
        case .list(let elements):
            return .list(elements.map { $0.substituted(values) ?? .literal(.null) })
        case .object(let fields):
            return .object(fields.compactMapValues { $0.substituted(values) })
        }
    }
}

extension GraphQLConditions {
    /// What replacing variables makes of a set of conditions.
    fileprivate enum Substitution {
        /// None of the variables is used.
        case unchanged
        /// A condition is decided by a value and leaves the selections out.
        case never
        /// The conditions left to evaluate with the operation's variables (none when the values decide them all).
        case replaced(GraphQLConditions)
    }

    fileprivate func substituting(_ values: [String: GraphQLArgumentValue?]) -> Substitution {
        var remaining: [Condition] = []
        var changed = false
        for condition in conditions {
            let (name, isInclude) =
                switch condition {
                case .include(let name): (name, true)
                case .skip(let name): (name, false)
                }
            guard let value = values[name] else {
                remaining.append(condition)
                continue
            }
            changed = true
            switch value {
            case .variable(let renamed)?:
                remaining.append(isInclude ? .include(renamed) : .skip(renamed))
            case .literal(let literal)?:
                // A literal `true` or `false` decides the condition: kept, or the selections left out.
                if (literal.boolValue == true) != isInclude { return .never }
            default:
                // Without a value `@include` excludes and `@skip` keeps, as for an unset operation variable.
                if isInclude { return .never }
            }
        }
        return changed ? .replaced(GraphQLConditions(remaining)) : .unchanged
    }
}
