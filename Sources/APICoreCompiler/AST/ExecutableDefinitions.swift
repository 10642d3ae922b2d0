/// `query`, `mutation` or `subscription`.
public enum OperationKind: String, Sendable, Hashable {
    case query
    case mutation
    case subscription
}

/// An operation: `query Name($v: T) @d { ... }`, or the `{ ... }` shorthand (a nameless query).
public struct OperationDefinition: Sendable, Hashable {
    /// Whether the operation is a query, a mutation or a subscription.
    public var kind: OperationKind
    /// The operation's name; `nil` for an anonymous operation.
    public var name: Name?
    /// The variables the operation declares, in source order.
    public var variableDefinitions: [VariableDefinition]
    /// The directives applied to the operation.
    public var directives: [Directive]
    /// The operation's top-level selections.
    public var selectionSet: SelectionSet
    /// Where the operation starts: its keyword, or the `{` of the shorthand.
    public var location: SourceLocation

    /// An operation of `kind` named `name`, or an anonymous one when `name` is `nil`.
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
    /// The variable's type.
    public var type: TypeReference
    /// The constant value used when the request gives none; `nil` when there is no default.
    public var defaultValue: Value?
    /// The directives applied to the variable definition.
    public var directives: [Directive]
    /// Where the definition starts: its `$`.
    public var location: SourceLocation

    /// A definition of the variable `name` of `type`.
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
    /// The fields, fragment spreads and inline fragments, in source order.
    public var selections: [Selection]
    /// Where the set starts: its `{`.
    public var location: SourceLocation

    /// A selection set of `selections`.
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

    /// Where the selection starts.
    public var location: SourceLocation {
        switch self {
        case .field(let node): node.location
        case .fragmentSpread(let node): node.location
        case .inlineFragment(let node): node.location
        }
    }

    /// The directives applied to the selection.
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
    /// The name the result is returned under instead of the field's name; `nil` when not aliased.
    public var alias: Name?
    /// The field's name in its parent type.
    public var name: Name
    /// The arguments given to the field, in source order.
    public var arguments: [Argument]
    /// The directives applied to the field.
    public var directives: [Directive]
    /// The field's sub-selections; `nil` for a field of a leaf type.
    public var selectionSet: SelectionSet?
    /// Where the field starts: its alias, else its name.
    public var location: SourceLocation

    /// A selection of the field `name`.
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
    /// The argument's or input field's name.
    public var name: Name
    /// The value given.
    public var value: Value
    /// Where the pair starts: its name.
    public var location: SourceLocation

    /// The pair `name: value`.
    public init(name: Name, value: Value, location: SourceLocation = .unknown) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// `...Name(arguments) @directives`; the arguments are the fragment's (fragment arguments, RFC 1224).
public struct FragmentSpread: Sendable, Hashable {
    /// The name of the fragment spread.
    public var name: Name
    /// The values given to the fragment's variables, in source order; empty without parentheses.
    public var arguments: [Argument]
    /// The directives applied to the spread.
    public var directives: [Directive]
    /// Where the spread starts: its `...`.
    public var location: SourceLocation

    /// A spread of the fragment `name`.
    public init(
        name: Name, arguments: [Argument] = [], directives: [Directive] = [], location: SourceLocation = .unknown
    ) {
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.location = location
    }
}

/// `... on Type @directives { selections }`, the type condition optional.
public struct InlineFragment: Sendable, Hashable {
    /// The type the fragment applies to; `nil` for the type of the enclosing selection set.
    public var typeCondition: Name?
    /// The directives applied to the fragment.
    public var directives: [Directive]
    /// The fragment's selections.
    public var selectionSet: SelectionSet
    /// Where the fragment starts: its `...`.
    public var location: SourceLocation

    /// An inline fragment on `typeCondition`.
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

/// `fragment Name($variable: Type = default) on Type @directives { selections }`; the variables are the fragment's
/// own (fragment arguments, RFC 1224).
public struct FragmentDefinition: Sendable, Hashable {
    /// The fragment's name, which spreads refer to.
    public var name: Name
    /// The variables the fragment declares, which its spreads give values to; empty without parentheses.
    public var variableDefinitions: [VariableDefinition]
    /// The type the fragment applies to.
    public var typeCondition: Name
    /// The directives applied to the fragment definition.
    public var directives: [Directive]
    /// The fragment's selections.
    public var selectionSet: SelectionSet
    /// Where the definition starts: its `fragment` keyword.
    public var location: SourceLocation

    /// A definition of the fragment `name` on `typeCondition`.
    public init(
        name: Name,
        variableDefinitions: [VariableDefinition] = [],
        typeCondition: Name,
        directives: [Directive] = [],
        selectionSet: SelectionSet,
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// `@name(arguments)`
public struct Directive: Sendable, Hashable {
    /// The directive's name, without the `@`.
    public var name: Name
    /// The arguments given to the directive, in source order.
    public var arguments: [Argument]
    /// Where the directive starts: its `@`.
    public var location: SourceLocation

    /// An application of the directive `name`.
    public init(name: Name, arguments: [Argument] = [], location: SourceLocation = .unknown) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }
}
