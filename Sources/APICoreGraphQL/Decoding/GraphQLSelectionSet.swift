/// A selection set: an immutable value that lists its selections as static data and holds the response object it was
/// read from.
///
/// Decoding checks the whole object once, against the selections it is read with (the static `__selections`, or an
/// operation's compiled ones), with `GraphQLSelectionValidator` (in `APICoreJSON`), and builds nothing; the typed
/// properties then read the checked data through `__field(_:)`, which cannot fail. Data from the network and from the
/// normalized cache is checked by the same walk (`init(reader:)`), so the two can never drift apart; a cache read
/// whose records were checked as it built the object wraps it with `init(__object:)` directly. Values hash their data,
/// and are equal when they were read from equal data (and, for ``GraphQLSelectionSetObject``, are of the same class).
///
/// Generated selection sets are final subclasses of ``GraphQLSelectionSetObject``, which conforms once for all of
/// them; a hand-written one may be a struct that declares the four requirements and shares everything else.
public protocol GraphQLSelectionSet: GraphQLOutputValue, Hashable {
    /// The schema type the selections apply to, with its possible concrete types.
    static var __parentType: GraphQLParentType { get }

    /// The selections, as static data the cache reads (field names, aliases, arguments and types).
    static var __selections: [GraphQLSelection] { get }

    /// The checked response object, with the variables it was decoded for.
    var __object: GraphQLCheckedObject { get }

    /// Wraps an object that was checked against this selection set (or that came from a value of it).
    init(__object: GraphQLCheckedObject)
}

/// The former name of ``GraphQLSelectionSet``, which generated code of earlier versions conforms to.
public typealias GraphQLDataSelectionSet = GraphQLSelectionSet

/// The selection set of an operation's `data`.
public protocol GraphQLRootSelectionSet: GraphQLSelectionSet {}

extension GraphQLSelectionSet {
    /// The response object the value reads.
    public var __outputJSON: JSONValue { .object(__data) }

    /// The object's concrete type name, when it was selected.
    public var __typename: String? { __data["__typename"]?.stringValue }
}

/// The schema type a selection set applies to.
public struct GraphQLParentType: Sendable {
    /// Whether the type is an object, an interface or a union.
    public enum Kind: Sendable, Hashable {
        /// An object type, whose only possible type is itself.
        case object
        /// An interface, whose possible types are the object types that implement it.
        case interface
        /// A union, whose possible types are its members.
        case union
    }

    /// The type's name in the schema.
    public let name: String
    /// The type's kind.
    public let kind: Kind
    /// An interface's implementations or a union's members; empty for an object type, which builds no set, so that
    /// generated code can construct an object's parent type wherever it reads it.
    @usableFromInline let abstractPossibleTypes: Set<String>

    @usableFromInline
    init(name: String, kind: Kind, abstractPossibleTypes: Set<String>) {
        self.name = name
        self.kind = kind
        self.abstractPossibleTypes = Self.roomy(abstractPossibleTypes)
    }

    /// The set with room for twice its members. A set literal gets storage its members fill up to three quarters, and
    /// a lookup there walks runs of occupied slots comparing a string at each (finding `User` among the 185
    /// implementations of GitHub's `Node` took 16 comparisons); at most half full, it finds a member in one or two.
    static func roomy(_ set: Set<String>) -> Set<String> {
        guard set.count > 8 else { return set }
        var roomy = set
        roomy.reserveCapacity(2 * set.count)
        return roomy
    }

    /// The concrete object types an object of this type can be: the type itself for an object type.
    public var possibleTypes: Set<String> {
        kind == .object ? [name] : abstractPossibleTypes
    }

    /// An object type.
    @inlinable
    public static func object(_ name: String) -> GraphQLParentType {
        GraphQLParentType(name: name, kind: .object, abstractPossibleTypes: [])
    }

    /// An interface with the object types that implement it.
    public static func interface(_ name: String, possibleTypes: Set<String>) -> GraphQLParentType {
        GraphQLParentType(name: name, kind: .interface, abstractPossibleTypes: possibleTypes)
    }

    /// A union with its members.
    public static func union(_ name: String, possibleTypes: Set<String>) -> GraphQLParentType {
        GraphQLParentType(name: name, kind: .union, abstractPossibleTypes: possibleTypes)
    }

    /// Whether an object whose `__typename` is `typename` has this type.
    @inlinable
    public func includes(_ typename: String) -> Bool {
        kind == .object ? typename == name : abstractPossibleTypes.contains(typename)
    }
}

extension GraphQLSelectionSet {
    /// Two values of a selection set are equal when they were read from equal data.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.__data == rhs.__data }

    /// Hashes the data the value was read from.
    public func hash(into hasher: inout Hasher) { hasher.combine(__data) }

    /// The hash of the data the value was read from, as ``hash(into:)`` computes it; declared here so that no
    /// selection set needs one of its own.
    public var hashValue: Int {
        var hasher = Hasher()
        hash(into: &hasher)
        return hasher.finalize()
    }
}
