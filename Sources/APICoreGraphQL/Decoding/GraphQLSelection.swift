/// One selection of a selection set, as data: what decoding, the normalized cache and mocks need (field names,
/// aliases, arguments and types) without running generated code. Generated code lists them as static data; a document
/// compiled at run time builds them as values (``GraphQLSelectionTree``).
public enum GraphQLSelection: Sendable {
    /// A field.
    case field(GraphQLField)
    /// A named fragment spread.
    case fragment(GraphQLSelectionTree)
    /// An inline fragment or type case; its type condition is the selection set's parent type.
    case inlineFragment(GraphQLSelectionTree)
    /// Selections guarded by `@include`/`@skip`.
    case conditional(GraphQLConditions, [GraphQLSelection])
    /// A deferred fragment (`@defer(label:)`).
    case deferred(label: String?, GraphQLSelectionTree)

    /// A named fragment spread of a generated fragment.
    @inlinable
    public static func fragment(_ type: any GraphQLSelectionSet.Type) -> GraphQLSelection {
        .fragment(GraphQLSelectionTree(type))
    }

    /// A type case of a generated selection set.
    @inlinable
    public static func inlineFragment(_ type: any GraphQLSelectionSet.Type) -> GraphQLSelection {
        .inlineFragment(GraphQLSelectionTree(type))
    }

    /// A deferred part of a generated selection set.
    @inlinable
    public static func deferred(label: String?, _ type: any GraphQLSelectionSet.Type) -> GraphQLSelection {
        .deferred(label: label, GraphQLSelectionTree(type))
    }

    /// The `__typename` that generated code selects on every object (no alias, no leaf type): one shared value that
    /// every generated table loads, rather than a field each table builds.
    public static let __typename = GraphQLSelection.field(GraphQLField("__typename", .nonNull(.scalar("String"))))

    /// A cache key field the code generator selects where the operation does not: `id`, or a `@typePolicy` key field,
    /// of the scalar or enum `typeName`. The cache stores it when the response has it and keys the object by it; a
    /// response or a cache read without it is complete all the same (``GraphQLField/isImplicitKey``).
    public static func implicitKey(_ name: String, _ typeName: String) -> GraphQLSelection {
        .field(GraphQLField.implicitKey(name, typeName: typeName))
    }

    /// The response key, when the selection is a field.
    public var fieldResponseKey: String? {
        if case .field(let field) = self { return field.responseKey }
        return nil
    }
}

/// A selected field: its schema name, alias, arguments and type.
///
/// An immutable class rather than a struct: decoding, normalizing and reading the cache walk the static selections of
/// every object of a response, and copying a field out of a selection list retained each of its members; a class is
/// one retain.
public final class GraphQLField: Sendable {
    /// The field's name in the schema.
    public let name: String
    /// The alias it was selected under, if any.
    public let alias: String?
    /// The arguments, in the order written, possibly referring to variables.
    public let arguments: [(name: String, value: GraphQLArgumentValue)]
    /// The field's type.
    public let type: GraphQLOutputType
    /// For a field of a scalar or enum type (or lists of them), the Swift type its value decodes to
    /// (`[GraphQLEnum<Episode>?]`), which the client's decoding checks the value against.
    public let leafType: (any GraphQLLeafValue.Type)?
    /// Whether this is the `__typename` that generated code selects on every object, under no alias and without a
    /// leaf type: only type cases read it, so decoding does not require it. Set once, as decoding asks for every field.
    public let isImplicitTypename: Bool
    /// Whether this is a cache key field (`id`, or a `@typePolicy` key field) that the code generator selects where the
    /// operation does not (``GraphQLSelection/implicitKey(_:_:)``): stored when the response has it, so that the cache
    /// can key the object, and otherwise required by nothing, neither decoding nor a cache read.
    public let isImplicitKey: Bool
    /// How the field's errors reach the app, when the operation asked for more than GraphQL's `null`
    /// (`@catch`, `@catchByDefault`); `nil` for the default.
    public let catching: GraphQLErrorCatching?

    /// A field selection; give leaves their Swift type, so that their values are checked when the data is decoded.
    public convenience init(
        _ name: String,
        alias: String? = nil,
        _ type: GraphQLOutputType,
        arguments: [(name: String, value: GraphQLArgumentValue)] = [],
        leaf leafType: (any GraphQLLeafValue.Type)? = nil,
        catching: GraphQLErrorCatching? = nil
    ) {
        self.init(
            name, alias: alias, type, arguments: arguments, leafType: leafType, isImplicitKey: false,
            catching: catching)
    }

    package init(
        _ name: String,
        alias: String?,
        _ type: GraphQLOutputType,
        arguments: [(name: String, value: GraphQLArgumentValue)],
        leafType: (any GraphQLLeafValue.Type)?,
        isImplicitKey: Bool,
        catching: GraphQLErrorCatching?
    ) {
        self.name = name
        self.alias = alias
        self.type = type
        self.arguments = arguments
        self.leafType = leafType
        isImplicitTypename = leafType == nil && alias == nil && name == "__typename"
        self.isImplicitKey = isImplicitKey
        self.catching = catching
    }

    /// An implicit key field: `name`, of the scalar or enum `typeName`, under no alias (``isImplicitKey``).
    static func implicitKey(_ name: String, typeName: String) -> GraphQLField {
        GraphQLField(
            name, alias: nil, .scalar(typeName), arguments: [], leafType: nil, isImplicitKey: true, catching: nil)
    }

    /// The key of the field in response data: its alias, else its name.
    public var responseKey: String { alias ?? name }
}

/// The type of a selected field.
public indirect enum GraphQLOutputType: Sendable {
    /// A leaf: a built-in or custom scalar, or an enum, by its schema name.
    case scalar(String)
    /// An object, interface or union, read with its selection set.
    case object(GraphQLSelectionTree)
    /// A list.
    case list(GraphQLOutputType)
    /// A non-null wrapper.
    case nonNull(GraphQLOutputType)

    /// An object, interface or union read with a generated selection set.
    @inlinable
    public static func object(_ type: any GraphQLSelectionSet.Type) -> GraphQLOutputType {
        .object(GraphQLSelectionTree(type))
    }

    /// The type without its list and non-null wrappers.
    public var namedType: GraphQLOutputType {
        switch self {
        case .scalar, .object: self
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }
}

/// An argument value in a document: a literal, a variable, or a list or object that may contain variables.
public indirect enum GraphQLArgumentValue: Sendable {
    /// A value with no variable in it, used as written.
    case literal(JSONValue)
    /// A variable, by its name without the `$`; it resolves to the operation's value for it.
    case variable(String)
    /// A list whose elements may contain variables.
    case list([GraphQLArgumentValue])
    /// An input object whose fields may contain variables.
    case object([String: GraphQLArgumentValue])
}

/// The `@include(if:)` and `@skip(if:)` conditions on a selection; all must pass for it to be selected.
public struct GraphQLConditions: Sendable {
    /// One condition.
    public enum Condition: Sendable {
        /// `@include(if: $variable)`
        case include(String)
        /// `@skip(if: $variable)`
        case skip(String)
    }

    /// The conditions, all of which must pass.
    public let conditions: [Condition]

    /// Conditions that must all pass.
    public init(_ conditions: [Condition]) {
        self.conditions = conditions
    }

    /// `@include(if: $variable)`.
    public static func include(_ variable: String) -> GraphQLConditions { GraphQLConditions([.include(variable)]) }

    /// `@skip(if: $variable)`.
    public static func skip(_ variable: String) -> GraphQLConditions { GraphQLConditions([.skip(variable)]) }

    /// Whether the selection is included with these variables. A missing variable counts as `false`, which the
    /// spec's validation rules rule out for non-null `Boolean!` variables.
    public func evaluate(with variables: JSONObject) -> Bool {
        conditions.allSatisfy { condition in
            switch condition {
            case .include(let name): variables[name]?.boolValue == true
            case .skip(let name): variables[name]?.boolValue != true
            }
        }
    }
}
