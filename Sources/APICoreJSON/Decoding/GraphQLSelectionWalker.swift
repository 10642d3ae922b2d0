import APICoreGraphQL

/// The one walk over a selection set's selections, which every reader of selections shares: checking response data,
/// repairing its nulls, normalizing it, planning cache reads and encoding test mocks are its visitors, each holding
/// only what is specific to it.
///
/// The walk decides what all of them must decide alike:
/// - `@include`/`@skip`: a conditional group is walked only when its conditions pass with the variables;
/// - type conditions, by `GraphQLSelectionTree.applies(toTypename:as:within:)`: a named fragment always applies; a
///   type case or a deferred part applies to an object whose `__typename` its parent type includes; to an object
///   whose type name is not known, a deferred part applies, and a type case applies when the visitor says so
///   (``GraphQLSelectionVisitor/typeCaseApplies(_:within:)``: by default, when it names the enclosing type itself);
/// - fragments: a spread that applies is handed to the visitor, which walks it as part of the same object or enters
///   the object again with the spread's own selections.
///
/// Lists and nulls belong to the field's value; `GraphQLOutputType.unwrapped` gives every visitor the same reading of
/// a field's type.
public struct GraphQLSelectionWalker {
    /// The variables that decide `@include` and `@skip`.
    public let variables: JSONObject

    /// A walker deciding `@include` and `@skip` with `variables`.
    @inlinable
    public init(variables: JSONObject) {
        self.variables = variables
    }

    /// Walks `tree`'s selections for one object.
    @inlinable
    public func walk<Visitor: GraphQLSelectionVisitor>(
        _ tree: GraphQLSelectionTree, visitor: inout Visitor
    ) throws(Visitor.Failure) {
        try walk(tree.selections, of: tree.parentType, visitor: &visitor)
    }

    /// Walks `selections`, which apply to objects of `parent`, for one object.
    @inlinable
    public func walk<Visitor: GraphQLSelectionVisitor>(
        _ selections: [GraphQLSelection], of parent: GraphQLParentType, visitor: inout Visitor
    ) throws(Visitor.Failure) {
        for selection in selections {
            switch selection {
            case .field(let field):
                try visitor.visit(field, of: parent)
            case .conditional(let conditions, let inner):
                if conditions.evaluate(with: variables) { try walk(inner, of: parent, visitor: &visitor) }
            case .fragment(let tree):
                try spread(tree, as: .fragment, within: parent, visitor: &visitor)
            case .inlineFragment(let tree):
                try spread(tree, as: .typeCase, within: parent, visitor: &visitor)
            case .deferred(let label, let tree):
                try spread(tree, as: .deferred(label: label), within: parent, visitor: &visitor)
            }
        }
    }

    @inlinable
    func spread<Visitor: GraphQLSelectionVisitor>(
        _ tree: GraphQLSelectionTree, as kind: GraphQLSpreadKind, within parent: GraphQLParentType,
        visitor: inout Visitor
    ) throws(Visitor.Failure) {
        let applies: Bool
        let typename = visitor.typename
        if typename == nil, case .typeCase = kind {
            applies = try visitor.typeCaseApplies(tree, within: parent)
        } else {
            applies = tree.applies(toTypename: typename, as: kind, within: parent)
        }
        guard applies, try visitor.enter(tree, as: kind) else { return }
        try walk(tree.selections, of: tree.parentType, visitor: &visitor)
    }
}

/// How a selection reaches an object besides its own fields.
public enum GraphQLSpreadKind: Sendable {
    /// A named fragment spread.
    case fragment
    /// An inline fragment with a type condition.
    case typeCase
    /// A deferred fragment, inline or named, with its `@defer` label.
    case deferred(label: String?)
}

/// What a ``GraphQLSelectionWalker`` does at each selection of an object.
public protocol GraphQLSelectionVisitor {
    /// What the visit may fail with; `Never` for a visit that cannot.
    associatedtype Failure: Error

    /// The `__typename` of the object walked, when known: the walk decides type conditions by it.
    var typename: String? { get }

    /// A selected field of an object of `parent`, its `@include`/`@skip` conditions passed.
    mutating func visit(_ field: GraphQLField, of parent: GraphQLParentType) throws(Failure)

    /// A fragment, type case or deferred part that applies to the object. Returns `true` for the walk to go on into
    /// its selections as part of this object, `false` when the visitor handled it (by entering the object again with
    /// `tree`, or by noting it for later).
    mutating func enter(_ tree: GraphQLSelectionTree, as kind: GraphQLSpreadKind) throws(Failure) -> Bool

    /// Whether a type case applies to an object whose type name is not known. By default, when the case names the
    /// enclosing selection set's type itself.
    mutating func typeCaseApplies(
        _ tree: GraphQLSelectionTree, within parent: GraphQLParentType
    ) throws(Failure) -> Bool
}

extension GraphQLSelectionVisitor {
    /// A type case applies to an object of unknown type when it names the enclosing type itself.
    @inlinable
    public mutating func typeCaseApplies(
        _ tree: GraphQLSelectionTree, within parent: GraphQLParentType
    ) throws(Failure) -> Bool {
        tree.applies(toTypename: nil, as: .typeCase, within: parent)
    }
}

extension GraphQLOutputType {
    /// The type read one level: without its non-null wrapper, and whether it had one. Every walk over values reads a
    /// field's type through this, so nulls and lists mean the same to each.
    @inlinable
    public var unwrapped: (type: GraphQLOutputType, isNonNull: Bool) {
        if case .nonNull(let inner) = self { return (inner, true) }
        return (self, false)
    }

    /// The selection set of an object type, or of the objects of a list; `nil` for a leaf.
    @inlinable
    public var selectionTree: GraphQLSelectionTree? {
        switch self {
        case .scalar: nil
        case .object(let tree): tree
        case .list(let inner), .nonNull(let inner): inner.selectionTree
        }
    }
}
