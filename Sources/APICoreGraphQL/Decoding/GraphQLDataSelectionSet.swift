/// A generated selection set that holds its response object and reads each field when it is asked for.
///
/// Decoding checks the whole tree once, against the static ``GraphQLSelectionSet/__selections``
/// (``GraphQLSelectionValidator``), and builds nothing; the typed properties then read the checked data through
/// ``__field(_:)``, which cannot fail. Generated code is small: a struct stores two values, and each property is one
/// line, whatever its type. Equality and hashing are those of the data (``GraphQLSelectionSet``).
public protocol GraphQLDataSelectionSet: GraphQLSelectionSet, GraphQLCheckedData {}

extension GraphQLDataSelectionSet {
    /// Checks the object and everything below it, then keeps it.
    public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
        try GraphQLSelectionValidator.validateSelections(of: Self.self, on: reader.object, in: reader.context)
        self.init(__data: reader.object, variables: reader.context.variables)
    }

    /// Wraps a checked object without checking it again.
    public static func __decodeChecked(_ value: JSONValue, variables: JSONObject) -> Self {
        guard case .object(let object) = value else {
            preconditionFailure("checked data holds \(value.kindName) where \(Self.self) expects an object")
        }
        return Self(__data: object, variables: variables)
    }
}

/// A response object that was checked against its selection set, with the variables it was decoded for: a
/// ``GraphQLDataSelectionSet``, or the `Fragments` of one. Its typed properties read the data through the methods
/// here.
public protocol GraphQLCheckedData: Sendable {
    /// The response object.
    var __data: JSONObject { get }

    /// The variables of the operation the data was decoded for, which decide its `@include`/`@skip` parts.
    var __variables: JSONObject { get }

    /// Wraps data that was checked against this selection set (or that came from a value of it).
    init(__data: JSONObject, variables: JSONObject)
}

extension GraphQLCheckedData {
    /// Reads a selected field from the checked data.
    @inlinable
    public func __field<Value: GraphQLOutputValue>(_ responseKey: String) -> Value {
        Value.__decodeChecked(__data[responseKey] ?? .null, variables: __variables)
    }

    /// Reads a field selected under `@include`/`@skip`: `nil` when the conditions leave it out, or when it is null.
    @inlinable
    public func __field<Value: GraphQLOutputValue>(_ responseKey: String, if conditions: GraphQLConditions) -> Value? {
        guard conditions.evaluate(with: __variables) else { return nil }
        return Value?.__decodeChecked(__data[responseKey] ?? .null, variables: __variables)
    }

    /// This object as a type case (`... on Droid`): `nil` unless its `__typename` is one of the case's types.
    @inlinable
    public func __typeCase<Case: GraphQLDataSelectionSet>(_ type: Case.Type = Case.self) -> Case? {
        guard let typename = __data["__typename"]?.stringValue, Case.__parentType.includes(typename) else {
            return nil
        }
        return Case(__data: __data, variables: __variables)
    }

    /// A type case under `@include`/`@skip`: `nil` also when the conditions leave it out.
    @inlinable
    public func __typeCase<Case: GraphQLDataSelectionSet>(
        _ type: Case.Type = Case.self, if conditions: GraphQLConditions
    ) -> Case? {
        guard conditions.evaluate(with: __variables) else { return nil }
        return __typeCase(Case.self)
    }

    /// This object as a fragment it spreads.
    @inlinable
    public func __fragment<Fragment: GraphQLDataSelectionSet>(_ type: Fragment.Type = Fragment.self) -> Fragment {
        Fragment(__data: __data, variables: __variables)
    }

    /// A fragment spread under `@include`/`@skip`: `nil` when the conditions leave it out.
    @inlinable
    public func __fragment<Fragment: GraphQLDataSelectionSet>(
        _ type: Fragment.Type = Fragment.self, if conditions: GraphQLConditions
    ) -> Fragment? {
        guard conditions.evaluate(with: __variables) else { return nil }
        return Fragment(__data: __data, variables: __variables)
    }

    /// A deferred part (`... @defer`): `nil` while its fields have not arrived.
    @inlinable
    public func __deferred<Part: GraphQLDataSelectionSet>(_ type: Part.Type = Part.self) -> Part? {
        guard GraphQLDeferredParts.hasArrived(Part.self, in: __data) else { return nil }
        return Part(__data: __data, variables: __variables)
    }
}
