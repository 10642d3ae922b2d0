/// `query`, `mutation` or `subscription`.
public enum OperationKind: String, Sendable, Hashable {
    case query
    case mutation
    case subscription
}

/// An operation: `query Name($v: T) @d { ... }`, or the `{ ... }` shorthand (a nameless query).
public struct OperationDefinition: Sendable, Hashable {
    public var kind: OperationKind
    public var name: Name?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var location: SourceLocation

    public init(
        kind: OperationKind,
        name: Name?,
        variableDefinitions: [VariableDefinition] = [],
        directives: [Directive] = [],
        selectionSet: SelectionSet,
        location: SourceLocation = .unknown
    ) {
        self.kind = kind
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// `$name: Type = default @directives`
public struct VariableDefinition: Sendable, Hashable {
    /// The variable's name, without `$`.
    public var name: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var location: SourceLocation

    public init(
        name: Name,
        type: TypeReference,
        defaultValue: Value? = nil,
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}

/// `{ selections }`
public struct SelectionSet: Sendable, Hashable {
    public var selections: [Selection]
    public var location: SourceLocation

    public init(selections: [Selection], location: SourceLocation = .unknown) {
        self.selections = selections
        self.location = location
    }
}

/// A field, a fragment spread or an inline fragment.
public enum Selection: Sendable, Hashable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    public var location: SourceLocation {
        switch self {
        case .field(let node): node.location
        case .fragmentSpread(let node): node.location
        case .inlineFragment(let node): node.location
        }
    }

    public var directives: [Directive] {
        switch self {
        case .field(let node): node.directives
        case .fragmentSpread(let node): node.directives
        case .inlineFragment(let node): node.directives
        }
    }
}

/// `alias: name(arguments) @directives { selections }`
public struct Field: Sendable, Hashable {
    public var alias: Name?
    public var name: Name
    public var arguments: [Argument]
    public var directives: [Directive]
    public var selectionSet: SelectionSet?
    public var location: SourceLocation

    public init(
        alias: Name? = nil,
        name: Name,
        arguments: [Argument] = [],
        directives: [Directive] = [],
        selectionSet: SelectionSet? = nil,
        location: SourceLocation = .unknown
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }

    /// The key of the field in the response: its alias, else its name.
    public var responseKey: String { alias?.value ?? name.value }
}

/// `name: value`, in arguments and in object values.
public struct Argument: Sendable, Hashable {
    public var name: Name
    public var value: Value
    public var location: SourceLocation

    public init(name: Name, value: Value, location: SourceLocation = .unknown) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// `...Name @directives`
public struct FragmentSpread: Sendable, Hashable {
    public var name: Name
    public var directives: [Directive]
    public var location: SourceLocation

    public init(name: Name, directives: [Directive] = [], location: SourceLocation = .unknown) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// `... on Type @directives { selections }`, the type condition optional.
public struct InlineFragment: Sendable, Hashable {
    public var typeCondition: Name?
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var location: SourceLocation

    public init(
        typeCondition: Name?,
        directives: [Directive] = [],
        selectionSet: SelectionSet,
        location: SourceLocation = .unknown
    ) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// `fragment Name on Type @directives { selections }`
public struct FragmentDefinition: Sendable, Hashable {
    public var name: Name
    public var typeCondition: Name
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var location: SourceLocation

    public init(
        name: Name,
        typeCondition: Name,
        directives: [Directive] = [],
        selectionSet: SelectionSet,
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// `@name(arguments)`
public struct Directive: Sendable, Hashable {
    public var name: Name
    public var arguments: [Argument]
    public var location: SourceLocation

    public init(name: Name, arguments: [Argument] = [], location: SourceLocation = .unknown) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }
}
