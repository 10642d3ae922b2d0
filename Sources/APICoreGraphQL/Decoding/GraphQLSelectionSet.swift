/// A selection set: an immutable struct that lists its selections as static data and is read from one response
/// object.
///
/// Generated selection sets, and hand-written ones in the same shape, are ``GraphQLDataSelectionSet``s: they check the
/// whole response object once against the static selections and read each field when it is asked for. Decoding enters
/// every one through ``init(reader:)``, whether the object came from the network or from the normalized cache, so the
/// two can never drift apart.
public protocol GraphQLSelectionSet: GraphQLOutputValue, Hashable {
    /// The schema type the selections apply to, with its possible concrete types.
    static var __parentType: GraphQLParentType { get }

    /// The selections, as static data the cache reads (field names, aliases, arguments and types).
    static var __selections: [GraphQLSelection] { get }

    /// Decodes one response object; a ``GraphQLDataSelectionSet`` checks it against the selections and keeps it.
    init(reader: GraphQLObjectReader) throws(GraphQLDecodingError)

    /// The response object the value was read from, so a fragment or type case can be read from it later and the
    /// value can be written back to the cache or printed.
    var __data: JSONObject { get }
}

/// The selection set of an operation's `data`.
public protocol GraphQLRootSelectionSet: GraphQLSelectionSet {}

extension GraphQLSelectionSet {
    /// The response object the value reads.
    public var __outputJSON: JSONValue { .object(__data) }

    /// Decodes the selection set from a JSON object through ``GraphQLSelectionSet/init(reader:)``; any other kind is
    /// a type mismatch.
    public static func decode(
        from value: JSONValue, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError)
        -> Self
    {
        guard case .object(let object) = value else {
            throw GraphQLDecodingError.mismatch(expected: "object", found: value)
        }
        return try Self(reader: GraphQLObjectReader(object: object, selectionSet: Self.self, context: context))
    }

    /// Decodes a selection set from a response object, outside of any operation.
    public init(data: JSONObject, variables: JSONObject = JSONObject()) throws(GraphQLDecodingError) {
        let context = GraphQLDecodingContext(variables: variables)
        self = try Self(reader: GraphQLObjectReader(object: data, selectionSet: Self.self, context: context))
    }

    /// The object's concrete type name, when it was selected.
    public var __typename: String? { __data["__typename"]?.stringValue }

    /// Reads this object as another selection set on the same data: a fragment it spreads, or a type case. Pass the
    /// operation's effective variables, which decide its `@include`/`@skip` fields.
    public func asSelectionSet<Other: GraphQLSelectionSet>(
        _ type: Other.Type,
        variables: JSONObject
    ) throws(GraphQLDecodingError) -> Other {
        try Other(data: __data, variables: variables)
    }
}

/// The schema type a selection set applies to.
public struct GraphQLParentType: Sendable, Hashable {
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
    /// The concrete object types an object of this type can be.
    public let possibleTypes: Set<String>

    /// An object type.
    public static func object(_ name: String) -> GraphQLParentType {
        GraphQLParentType(name: name, kind: .object, possibleTypes: [name])
    }

    /// An interface with the object types that implement it.
    public static func interface(_ name: String, possibleTypes: Set<String>) -> GraphQLParentType {
        GraphQLParentType(name: name, kind: .interface, possibleTypes: possibleTypes)
    }

    /// A union with its members.
    public static func union(_ name: String, possibleTypes: Set<String>) -> GraphQLParentType {
        GraphQLParentType(name: name, kind: .union, possibleTypes: possibleTypes)
    }

    /// Whether an object whose `__typename` is `typename` has this type.
    public func includes(_ typename: String) -> Bool {
        possibleTypes.contains(typename)
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
