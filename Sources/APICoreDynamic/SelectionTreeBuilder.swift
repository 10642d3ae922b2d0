import APICoreCodegen
import APICoreCompiler
import APICoreGraphQL
import APICoreScalars

/// Builds the ``GraphQLSelectionTree`` of compiled selection sets: at run time, the same selections the code generator
/// writes as static data for the same document (fields with their aliases, arguments and types, fragment spreads,
/// type cases and deferred parts, `@include`/`@skip` conditions), so a dynamic operation normalizes under the keys a
/// generated one would.
struct SelectionTreeBuilder {
    let schema: GraphQLSchema
    /// The trees of the document's fragments, each built once and shared by every spread.
    private var fragments: [String: GraphQLSelectionTree] = [:]
    private let fragmentSets: [String: IRSelectionSet]

    init(schema: GraphQLSchema, fragments: [IRFragment]) {
        self.schema = schema
        fragmentSets = Dictionary(fragments.map { ($0.name, $0.selectionSet) }, uniquingKeysWith: { first, _ in first })
    }

    /// The tree of `set`.
    mutating func tree(of set: IRSelectionSet) -> GraphQLSelectionTree {
        var items: [GraphQLSelection] = []
        for field in set.fields where !field.isInherited {
            let selection = GraphQLSelection.field(
                GraphQLField(
                    field.name, alias: field.alias, outputType(field.type, selectionSet: field.selectionSet),
                    arguments: field.arguments.map { ($0.name.value, ArgumentValues.argument($0.value)) },
                    leaf: field.selectionSet == nil && !(field.name == "__typename" && field.alias == nil)
                        ? Self.leafType(field.type, in: schema) : nil,
                    catching: field.catching.map {
                        GraphQLErrorCatching(throwing: $0.throwingLevels, isResult: $0.isResult)
                    }))
            for conditions in field.conditionSets { items.append(Self.conditional(conditions, selection)) }
        }
        for use in set.fragments where !use.isInherited {
            var values: [String: GraphQLArgumentValue?] = [:]
            for (name, value) in use.arguments { values.updateValue(value.map(ArgumentValues.argument), forKey: name) }
            let fragment = fragmentTree(use.fragmentName).specialized(values)
            if let label = use.deferLabel {
                items.append(.deferred(label: label, fragment))
            } else {
                for conditions in use.conditionSets { items.append(Self.conditional(conditions, .fragment(fragment))) }
            }
        }
        for part in set.typeCases {
            items.append(Self.conditional(part.conditions, .inlineFragment(tree(of: part.selectionSet))))
        }
        for key in set.implicitKeys {
            let fields = key.fields.map { GraphQLSelection.implicitKey($0.name, $0.typeName) }
            guard let condition = key.typeCondition else {
                items += fields
                continue
            }
            items.append(
                .inlineFragment(
                    GraphQLSelectionTree(parentType: parentType(named: condition), selections: [.__typename] + fields)))
        }
        for part in set.deferredParts {
            items.append(.deferred(label: part.label, tree(of: part.selectionSet)))
        }
        return GraphQLSelectionTree(parentType: parentType(named: set.parentTypeName), selections: items)
    }

    private mutating func fragmentTree(_ name: String) -> GraphQLSelectionTree {
        if let built = fragments[name] { return built }
        guard let set = fragmentSets[name] else { preconditionFailure("the validated document defines \(name)") }
        let built = tree(of: set)
        fragments[name] = built
        return built
    }

    private mutating func outputType(_ type: TypeReference, selectionSet: IRSelectionSet?) -> GraphQLOutputType {
        switch type {
        case .nonNull(let inner, _): .nonNull(outputType(inner, selectionSet: selectionSet))
        case .list(let inner, _): .list(outputType(inner, selectionSet: selectionSet))
        case .named(let name):
            if let selectionSet { .object(tree(of: selectionSet)) } else { .scalar(name.value) }
        }
    }

    private func parentType(named name: String) -> GraphQLParentType {
        guard let type = schema.type(named: name) else { return .object(name) }
        switch type {
        case .interface: return .interface(name, possibleTypes: schema.possibleTypeNames(of: type))
        case .union: return .union(name, possibleTypes: schema.possibleTypeNames(of: type))
        default: return .object(name)
        }
    }

    private static func conditional(_ conditions: [IRCondition], _ selection: GraphQLSelection) -> GraphQLSelection {
        guard !conditions.isEmpty else { return selection }
        return .conditional(
            GraphQLConditions(conditions.map { $0.isInclude ? .include($0.variable) : .skip($0.variable) }),
            [selection])
    }

    /// The Swift type a leaf of `type` decodes to, as generated code would check it, for the built-in scalars; `nil`
    /// for an enum or a custom scalar, whose values are kept as the server sent them (checked for shape and nulls).
    static func leafType(_ type: TypeReference, in schema: GraphQLSchema) -> (any GraphQLLeafValue.Type)? {
        func nullable(_ type: TypeReference) -> (any GraphQLLeafValue.Type)? {
            switch type {
            case .nonNull(let inner, _): return nonNull(inner)
            default: return nonNull(type).map { optional($0) }
            }
        }
        func nonNull(_ type: TypeReference) -> (any GraphQLLeafValue.Type)? {
            switch type {
            case .nonNull(let inner, _): return nonNull(inner)
            case .list(let element, _): return nullable(element).map { array($0) }
            case .named(let name):
                switch name.value {
                case "String", "ID": return String.self
                case "Int": return Int.self
                case "Float": return Double.self
                case "Boolean": return Bool.self
                default: return nil
                }
            }
        }
        return nullable(type)
    }

    private static func optional<Wrapped: GraphQLLeafValue>(_: Wrapped.Type) -> any GraphQLLeafValue.Type {
        Wrapped?.self
    }

    private static func array<Element: GraphQLLeafValue>(_: Element.Type) -> any GraphQLLeafValue.Type {
        [Element].self
    }
}
