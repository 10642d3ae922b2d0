/// Reads the fields of one response object for a generated selection set's ``GraphQLSelectionSet/init(reader:)``.
///
/// Each call names a response key (the alias, or the field name) and the Swift type the field decodes to. A missing
/// key, a `null` in a non-null field or a value of the wrong kind throws ``GraphQLDecodingError`` with the field's
/// response path.
public struct GraphQLObjectReader {
    /// The object being read.
    public let object: JSONObject

    /// The shared state of this decode.
    public let context: GraphQLDecodingContext

    /// The selections the object is read with: a generated selection set's, or a document's compiled at run time.
    public let selections: GraphQLSelectionTree

    /// Starts reading `object` as `selectionSet`, telling the context's observer.
    public init(
        object: JSONObject,
        selectionSet: any GraphQLSelectionSet.Type,
        context: GraphQLDecodingContext
    ) {
        self.init(object: object, selections: GraphQLSelectionTree(selectionSet), context: context)
    }

    /// Starts reading `object` with `selections`, telling the context's observer: for an operation's data, whose
    /// selections may have been compiled at run time. They must describe the selection set that reads the object.
    package init(object: JSONObject, selections: GraphQLSelectionTree, context: GraphQLDecodingContext) {
        self.object = object
        self.context = context
        self.selections = selections
        context.observer?.didEnter(object: object, as: selections, in: context)
    }

    private init(object: JSONObject, selections: GraphQLSelectionTree, unobservedIn context: GraphQLDecodingContext) {
        self.object = object
        self.context = context
        self.selections = selections
    }

    /// This object read without telling the context's observer, for what a type case exposes from its enclosing
    /// selection set: the objects and fragments the observer already saw through that set are not seen twice.
    public var unobserved: GraphQLObjectReader {
        guard context.observer != nil else { return self }
        return GraphQLObjectReader(
            object: object, selections: selections,
            unobservedIn: GraphQLDecodingContext(variables: context.variables))
    }

    /// The value of a selected field.
    @inlinable
    public func field<Value: GraphQLOutputValue>(
        _ responseKey: String,
        as type: Value.Type = Value.self
    ) throws(GraphQLDecodingError) -> Value {
        guard let value = object[responseKey] else {
            throw GraphQLDecodingError(.missingField, path: [.field(responseKey)])
        }
        context.enter(.field(responseKey))
        defer { context.leave() }
        do {
            return try Value.decode(from: value, in: context)
        } catch {
            throw error.prefixed(by: .field(responseKey))
        }
    }

    /// The value of a field selected under `@include`/`@skip`: `nil` when the conditions exclude it.
    @inlinable
    public func field<Value: GraphQLOutputValue>(
        _ responseKey: String,
        if conditions: GraphQLConditions,
        as type: Value.Type = Value.self
    ) throws(GraphQLDecodingError) -> Value? {
        guard context.includes(conditions) else { return nil }
        return try field(responseKey, as: Value.self)
    }

    /// A nullable field selected under `@include`/`@skip`: `nil` when excluded or null, without a double optional.
    @inlinable
    public func field<Wrapped: GraphQLOutputValue>(
        _ responseKey: String,
        if conditions: GraphQLConditions,
        as type: Wrapped?.Type = Wrapped?.self
    ) throws(GraphQLDecodingError) -> Wrapped? {
        guard context.includes(conditions) else { return nil }
        return try field(responseKey, as: Wrapped?.self)
    }

    /// The object's `__typename`.
    public var typename: String? { object["__typename"]?.stringValue }

    /// A fragment spread on this object, read from the same data.
    public func fragment<Fragment: GraphQLSelectionSet>(
        _ type: Fragment.Type
    ) throws(GraphQLDecodingError) -> Fragment {
        try Fragment(reader: GraphQLObjectReader(object: object, selectionSet: Fragment.self, context: context))
    }

    /// A fragment spread under `@include`/`@skip`: `nil` when the conditions exclude it.
    public func fragment<Fragment: GraphQLSelectionSet>(
        _ type: Fragment.Type,
        if conditions: GraphQLConditions
    ) throws(GraphQLDecodingError) -> Fragment? {
        guard context.includes(conditions) else { return nil }
        return try fragment(Fragment.self)
    }

    /// A type case (`... on Droid`): the selection set when the object's `__typename` is one of its possible types,
    /// `nil` otherwise.
    public func typeCase<Case: GraphQLSelectionSet>(_ type: Case.Type) throws(GraphQLDecodingError) -> Case? {
        guard let typename else { throw GraphQLDecodingError(.missingTypename) }
        guard Case.__parentType.includes(typename) else { return nil }
        return try fragment(Case.self)
    }

    /// A deferred fragment (`... @defer`): `nil` while its fields have not arrived yet.
    ///
    /// A fragment is pending when the first of its own fields is missing; once any arrived, every other missing field
    /// is an error as usual.
    public func deferred<Fragment: GraphQLSelectionSet>(
        _ type: Fragment.Type
    ) throws(GraphQLDecodingError) -> Fragment? {
        guard GraphQLDeferredParts.hasArrived(GraphQLSelectionTree(Fragment.self), in: object) else { return nil }
        return try fragment(Fragment.self)
    }
}
