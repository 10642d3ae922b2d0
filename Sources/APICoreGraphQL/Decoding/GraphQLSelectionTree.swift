/// A selection set as a value: the schema type it applies to and its selections, whose nested objects, fragments and
/// type cases are selection trees too.
///
/// Every walk over selections (checking response data, null propagation, normalizing, reading the cache, encoding
/// mocks) takes a tree, so it does not matter where the selections came from: a generated selection set's static
/// `GraphQLSelectionSet/__selections` (``init(_:)``, no copy made), or a document parsed and validated at run time
/// (``init(parentType:selections:)``). Two trees are the same selection set when they have the same ``id``: the
/// generated type's, or the built node's; the walks key what they work out per selection set by it.
public struct GraphQLSelectionTree: Sendable {
    @usableFromInline
    enum Storage: Sendable {
        case generated(any GraphQLSelectionSet.Type)
        case built(Node)
    }

    /// The parent type and selections of a tree built at run time; its identity is the tree's.
    @usableFromInline
    final class Node: Sendable {
        let parentType: GraphQLParentType
        let selections: [GraphQLSelection]
        /// ``GraphQLSelectionTree/selectsOnlyImplicitKeys``, worked out once: the decode asks it of every object.
        let selectsOnlyImplicitKeys: Bool

        init(parentType: GraphQLParentType, selections: [GraphQLSelection]) {
            self.parentType = parentType
            self.selections = selections
            selectsOnlyImplicitKeys = GraphQLSelectionTree.selectOnlyImplicitKeys(selections)
        }
    }

    @usableFromInline let storage: Storage

    /// A selection set that selects nothing and so checks nothing: data read with it is kept as it came, and
    /// normalizing it writes no field. For data no schema describes (a document run without one).
    public static let unchecked = GraphQLSelectionTree(parentType: .object(""), selections: [])

    /// The selections of a generated (or hand-written) selection set, read from its static members when asked for.
    @inlinable
    public init(_ type: any GraphQLSelectionSet.Type) {
        storage = .generated(type)
    }

    /// A selection set built at run time, such as from a document validated against a schema. Build each fragment once
    /// and use that tree wherever it is spread, so the walks recognise it.
    public init(parentType: GraphQLParentType, selections: [GraphQLSelection]) {
        storage = .built(Node(parentType: parentType, selections: selections))
    }

    /// The schema type the selections apply to.
    public var parentType: GraphQLParentType {
        switch storage {
        case .generated(let type): type.__parentType
        case .built(let node): node.parentType
        }
    }

    /// Whether the tree selects only what the code generator adds for the cache: the implicit `__typename` and implicit
    /// key fields (``GraphQLSelection/implicitKey(_:_:)``) selected through a type condition.
    public var selectsOnlyImplicitKeys: Bool {
        switch storage {
        case .generated(let type): Self.selectOnlyImplicitKeys(type.__selections)
        case .built(let node): node.selectsOnlyImplicitKeys
        }
    }

    /// Whether `selections` are only the implicit `__typename` and implicit key fields.
    static func selectOnlyImplicitKeys(_ selections: [GraphQLSelection]) -> Bool {
        selections.allSatisfy { selection in
            guard case .field(let field) = selection else { return false }
            return field.isImplicitKey || field.isImplicitTypename
        }
    }

    /// The selections, in document order.
    public var selections: [GraphQLSelection] {
        switch storage {
        case .generated(let type): type.__selections
        case .built(let node): node.selections
        }
    }

    /// What identifies the selection set: the same for every tree of one generated type or one built node.
    public var id: ObjectIdentifier {
        switch storage {
        case .generated(let type): ObjectIdentifier(type)
        case .built(let node): ObjectIdentifier(node)
        }
    }

    /// The generated type the tree reads, if it is one.
    public var generatedType: (any GraphQLSelectionSet.Type)? {
        if case .generated(let type) = storage { return type }
        return nil
    }

    /// The concrete type name every object of the tree has, when its parent type is an object type.
    public var concreteTypename: String? {
        let parent = parentType
        return parent.kind == .object ? parent.name : nil
    }
}
