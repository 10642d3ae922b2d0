/// A response object checked against a selection set, and the variables of the operation it was decoded for, which
/// decide its `@include`/`@skip` parts.
///
/// A class, so that a selection set and every view of it (type cases, fragments) hold one reference to the same object
/// and its data.
public final class GraphQLCheckedObject: Sendable {
    /// The response object.
    public let data: JSONObject
    /// The operation's variables.
    public let variables: JSONObject

    /// Data known to be checked.
    @inlinable
    public init(data: JSONObject, variables: JSONObject) {
        self.data = data
        self.variables = variables
    }
}

extension GraphQLSelectionSet {
    /// The response object the value was read from, so a fragment or type case can be read from it later and the
    /// value can be written back to the cache or printed.
    @inlinable public var __data: JSONObject { __object.data }

    /// The variables its `@include`/`@skip` parts depend on.
    @inlinable public var __variables: JSONObject { __object.variables }

    /// Wraps a checked object without checking it again.
    public static func __decodeChecked(_ value: JSONValue, variables: JSONObject) -> Self {
        guard case .object(let object) = value else {
            preconditionFailure("checked data holds \(value.kindName) where \(Self.self) expects an object")
        }
        return Self(__object: GraphQLCheckedObject(data: object, variables: variables))
    }

    /// Reads a selected field from the checked data.
    public func __field<Value: GraphQLOutputValue>(_ responseKey: String) -> Value {
        Value.__decodeChecked(__object.data[responseKey] ?? .null, variables: __object.variables)
    }

    /// Reads a field selected under `@include`/`@skip`: `nil` when the conditions leave it out, or when it is null.
    public func __field<Value: GraphQLOutputValue>(_ responseKey: String, if conditions: GraphQLConditions) -> Value? {
        guard conditions.evaluate(with: __object.variables) else { return nil }
        return Value?.__decodeChecked(__object.data[responseKey] ?? .null, variables: __object.variables)
    }

    /// This object as a type case (`... on Droid`): `nil` unless its `__typename` is one of the case's types.
    @inlinable
    public func __typeCase<Case: GraphQLSelectionSet>(_ type: Case.Type = Case.self) -> Case? {
        guard let typename = __object.data["__typename"]?.stringValue, Case.__parentType.includes(typename) else {
            return nil
        }
        return Case(__object: __object)
    }

    /// A type case under `@include`/`@skip`: `nil` also when the conditions leave it out.
    @inlinable
    public func __typeCase<Case: GraphQLSelectionSet>(
        _ type: Case.Type = Case.self, if conditions: GraphQLConditions
    ) -> Case? {
        guard conditions.evaluate(with: __object.variables) else { return nil }
        return __typeCase(Case.self)
    }

    /// A deferred inline fragment (`... @defer`): `nil` while its fields have not arrived.
    @inlinable
    public func __deferred<Part: GraphQLSelectionSet>(_ type: Part.Type = Part.self) -> Part? {
        guard GraphQLDeferredParts.hasArrived(GraphQLSelectionTree(Part.self), in: __object.data) else { return nil }
        return Part(__object: __object)
    }

    /// The type of the selection set's `fragments`, which generated code declares where it spreads any: named without
    /// the selection set's own name, which a nested type may share.
    public typealias Fragments = GraphQLFragmentSpreads<Self>
}

/// The named fragments a selection set spreads (its `fragments`), read from the same object. Generated code adds one
/// property per fragment in an extension constrained to the selection set.
public struct GraphQLFragmentSpreads<Owner: GraphQLSelectionSet>: Sendable {
    /// The selection set that spreads the fragments.
    public let __owner: Owner

    /// The fragments of `owner`.
    @inlinable
    public init(__owner: Owner) {
        self.__owner = __owner
    }

    /// A fragment spread on the object.
    @inlinable
    public func __fragment<Fragment: GraphQLSelectionSet>(_ type: Fragment.Type = Fragment.self) -> Fragment {
        Fragment(__object: __owner.__object)
    }

    /// A fragment spread under `@include`/`@skip`: `nil` when the conditions leave it out.
    @inlinable
    public func __fragment<Fragment: GraphQLSelectionSet>(
        _ type: Fragment.Type = Fragment.self, if conditions: GraphQLConditions
    ) -> Fragment? {
        guard conditions.evaluate(with: __owner.__object.variables) else { return nil }
        return Fragment(__object: __owner.__object)
    }

    /// A deferred fragment spread (`...Name @defer`): `nil` while its fields have not arrived.
    @inlinable
    public func __deferred<Fragment: GraphQLSelectionSet>(_ type: Fragment.Type = Fragment.self) -> Fragment? {
        __owner.__deferred(Fragment.self)
    }
}
