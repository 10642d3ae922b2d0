import APICoreCompiler

/// What one operation uses of a schema, with the fragments it spreads: types, fields, arguments, enum literals,
/// input fields written as literals, type conditions and directives. A breaking change breaks the operation when
/// the operation uses what the change is about.
public struct OperationUsage: Sendable {
    /// One thing an operation uses.
    enum Key: Hashable {
        case type(String)
        case field(String, String)
        case argument(String, String, String)
        case enumValue(String, String)
        /// A fragment with type condition `condition` inside a selection on `parent`.
        case typeCondition(parent: String, condition: String)
        case directive(String)
        case directiveArgument(String, String)
    }

    private(set) var keys: Set<Key> = []

    /// Walks `operation` against `schema` (the old one, where everything it uses is defined), through the
    /// fragments of `fragments` it spreads.
    public init(_ operation: OperationDefinition, fragments: [String: FragmentDefinition], schema: GraphQLSchema) {
        var walker = UsageWalker(schema: schema, fragments: fragments)
        for variable in operation.variableDefinitions {
            walker.use(type: variable.type)
            if let value = variable.defaultValue { walker.use(value, as: variable.type) }
        }
        walker.use(operation.directives)
        if let root = schema.rootType(for: operation.kind) {
            walker.walk(operation.selectionSet, parent: root.name)
        }
        keys = walker.keys
    }

    /// Whether the operation uses what `change` is about.
    public func isBroken(by change: SchemaChange) -> Bool {
        let path = change.path
        let member = path.member ?? ""
        let directive = path.type.hasPrefix("@") ? String(path.type.dropFirst()) : path.type
        switch change.kind {
        case .typeRemoved, .typeChangedKind, .requiredInputFieldAdded:
            return keys.contains(.type(path.type))
        case .fieldRemoved, .fieldChangedKind, .requiredArgumentAdded:
            return keys.contains(.field(path.type, member))
        case .argumentRemoved, .argumentChangedKind:
            return keys.contains(.argument(path.type, member, path.argument ?? ""))
        case .valueRemovedFromEnum:
            return keys.contains(.enumValue(path.type, member))
        case .typeRemovedFromUnion:
            return keys.contains(.typeCondition(parent: path.type, condition: member))
        case .implementedInterfaceRemoved:
            return keys.contains(.typeCondition(parent: member, condition: path.type))
                || keys.contains(.typeCondition(parent: path.type, condition: member))
        case .directiveRemoved, .directiveRepeatableRemoved, .directiveLocationRemoved,
            .requiredDirectiveArgumentAdded:
            return keys.contains(.directive(directive))
        case .directiveArgumentRemoved:
            return keys.contains(.directiveArgument(directive, path.argument ?? ""))
        default:
            return false
        }
    }
}

/// The walk behind ``OperationUsage``.
private struct UsageWalker {
    let schema: GraphQLSchema
    let fragments: [String: FragmentDefinition]
    var keys: Set<OperationUsage.Key> = []
    var visitedFragments: Set<String> = []

    init(schema: GraphQLSchema, fragments: [String: FragmentDefinition]) {
        self.schema = schema
        self.fragments = fragments
    }

    mutating func walk(_ selectionSet: SelectionSet, parent: String) {
        for selection in selectionSet.selections {
            use(selection.directives)
            switch selection {
            case .field(let field):
                guard !field.name.value.hasPrefix("__"),
                    let definition = schema.type(named: parent)?.field(named: field.name.value)
                else { continue }
                keys.insert(.field(parent, field.name.value))
                for argument in field.arguments {
                    keys.insert(.argument(parent, field.name.value, argument.name.value))
                    if let type = definition.argument(named: argument.name.value)?.type {
                        use(argument.value, as: type)
                    }
                }
                let child = definition.type.namedType.value
                keys.insert(.type(child))
                if let selections = field.selectionSet { walk(selections, parent: child) }
            case .inlineFragment(let fragment):
                let condition = fragment.typeCondition?.value ?? parent
                note(condition: condition, parent: parent)
                walk(fragment.selectionSet, parent: condition)
            case .fragmentSpread(let spread):
                guard let fragment = fragments[spread.name.value] else { continue }
                note(condition: fragment.typeCondition.value, parent: parent)
                // The values a spread gives the fragment's variables (fragment arguments) are written as their types.
                for argument in spread.arguments {
                    guard
                        let variable = fragment.variableDefinitions.first(where: {
                            $0.name.value == argument.name.value
                        })
                    else { continue }
                    use(argument.value, as: variable.type)
                }
                guard visitedFragments.insert(spread.name.value).inserted else { continue }
                use(fragment.directives)
                for variable in fragment.variableDefinitions {
                    use(type: variable.type)
                    if let fallback = variable.defaultValue { use(fallback, as: variable.type) }
                }
                walk(fragment.selectionSet, parent: fragment.typeCondition.value)
            }
        }
    }

    private mutating func note(condition: String, parent: String) {
        keys.insert(.type(condition))
        keys.insert(.typeCondition(parent: parent, condition: condition))
    }

    mutating func use(type: TypeReference) {
        keys.insert(.type(type.namedType.value))
    }

    mutating func use(_ directives: [Directive]) {
        for directive in directives {
            keys.insert(.directive(directive.name.value))
            let definition = schema.directive(named: directive.name.value)
            for argument in directive.arguments {
                keys.insert(.directiveArgument(directive.name.value, argument.name.value))
                if let type = definition?.argument(named: argument.name.value)?.type { use(argument.value, as: type) }
            }
        }
    }

    /// Records the enum literals and the input fields a value writes, and the input types it is written as.
    mutating func use(_ value: Value, as type: TypeReference) {
        switch (value.kind, type) {
        case (_, .nonNull(let inner, _)):
            use(value, as: inner)
        case (.list(let items), .list(let item, _)):
            for element in items { use(element, as: item) }
        case (_, .list(let item, _)):
            use(value, as: item)
        case (.enumValue(let name), .named(let typeName)):
            keys.insert(.enumValue(typeName.value, name))
        case (.object(let members), .named(let typeName)):
            keys.insert(.type(typeName.value))
            guard case .inputObject(let input)? = schema.type(named: typeName.value) else { return }
            for member in members {
                keys.insert(.field(typeName.value, member.name.value))
                if let field = input.field(named: member.name.value) { use(member.value, as: field.type) }
            }
        default:
            break
        }
    }
}
