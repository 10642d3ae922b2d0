import APICoreGraphQL

/// Checks response data against a selection set's `GraphQLSelectionTree`, one walk over the
/// JSON for the whole tree, without building any value: the decode of a `GraphQLSelectionSet`.
///
/// Every selected field must be present (unless `@include`/`@skip` leave it out), leaves must decode as their Swift
/// type (`GraphQLField.leafType`), objects and lists must have the right shape, and type cases, fragments and
/// deferred parts that apply to an object are checked on it too. Errors are `GraphQLDecodingError`s carrying the
/// response path of the value at fault. The context's observer sees every object with each selection set that applies
/// to it, so normalization needs no walk of its own.
public enum GraphQLSelectionValidator {
    /// Checks `object` as `tree`, and everything below it; the observer sees `object` as `tree` first.
    public static func validate(
        _ object: JSONObject, as tree: GraphQLSelectionTree, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError) {
        context.observer?.didEnter(object: object, as: tree, in: context)
        try validate(selectionsOf: tree, on: object, in: context)
    }

    /// Checks `object` as `tree` and everything below it, for a reader whose creation told the observer already.
    public static func validateSelections(
        of tree: GraphQLSelectionTree, on object: JSONObject, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError) {
        try validate(selectionsOf: tree, on: object, in: context)
    }

    /// Checks one selected field's value as the whole-object check does, for a reader that builds an object field by
    /// field and checks each value as it is built: a leaf by decoding it as its Swift type, anything else by its shape
    /// and, below it, its own selections.
    package static func validateValue(
        _ value: JSONValue, type: GraphQLOutputType, leafType: (any GraphQLLeafValue.Type)?,
        in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError) {
        // A `null` the response reports an error for, in a context that accepts it (see `erroredPaths`).
        if !context.erroredPaths.isEmpty, case .null = value, context.isAtErroredPath { return }
        if let leafType {
            try validateLeaf(value, as: leafType, in: context)
        } else {
            try validate(value, as: type, isNonNull: false, in: context)
        }
    }

    private static func validate(
        selectionsOf tree: GraphQLSelectionTree, on object: JSONObject, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError) {
        var visitor = Visitor(object: object, context: context)
        try GraphQLSelectionWalker(variables: context.variables).walk(tree, visitor: &visitor)
    }

    /// What the check does at each selection: a field is checked on the object; a fragment, type case or deferred
    /// part that has arrived is checked by entering the object again with its selections, which the observer sees.
    private struct Visitor: GraphQLSelectionVisitor {
        let object: JSONObject
        let context: GraphQLDecodingContext
        /// Where the next field is looked for first: responses list an object's fields in the order selected.
        var expectedMember = 0

        var typename: String? { object["__typename"]?.stringValue }

        mutating func visit(_ field: GraphQLField, of parent: GraphQLParentType) throws(GraphQLDecodingError) {
            try GraphQLSelectionValidator.validate(field, on: object, expectedAt: &expectedMember, in: context)
        }

        func enter(_ tree: GraphQLSelectionTree, as kind: GraphQLSpreadKind) throws(GraphQLDecodingError) -> Bool {
            // The keys the generator selects through a type condition need no check, and the normalizer plans them
            // with the enclosing selection set: the object is not entered again for them.
            if case .typeCase = kind, tree.selectsOnlyImplicitKeys { return false }
            if case .deferred = kind, !GraphQLDeferredParts.hasArrived(tree, in: object) { return false }
            try GraphQLSelectionValidator.validate(object, as: tree, in: context)
            return false
        }

        /// A type case cannot be decided without the object's type name, which the response must then carry, unless
        /// it only selects keys for the cache.
        func typeCaseApplies(
            _ tree: GraphQLSelectionTree, within parent: GraphQLParentType
        ) throws(GraphQLDecodingError) -> Bool {
            // The keys the generator selects through a type condition are of no use to the cache without a type name.
            if tree.selectsOnlyImplicitKeys { return false }
            throw GraphQLDecodingError(.missingTypename)
        }
    }

    /// Checks `field` on `object`, looking for it at `expected` first and leaving `expected` after it.
    fileprivate static func validate(
        _ field: GraphQLField, on object: JSONObject, expectedAt expected: inout Int, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError) {
        // The type name generated code selects everywhere is read only by type cases, which check it themselves.
        if field.isImplicitTypename { return }
        // A key the generator added is the cache's concern: whatever the response holds for it, or nothing, will do.
        if field.isImplicitKey { return }
        let key = field.responseKey
        guard let position = object.position(of: key, expectedAt: expected) else {
            throw GraphQLDecodingError(.missingField, path: [.field(key)])
        }
        expected = position + 1
        let value = object.values[position]
        // A result field (`@catch(to: RESULT)`) that failed holds `null` and its error beside it.
        if field.catching?.isResult == true, case .null = value,
            object[GraphQLErrorCatching.errorKey(of: key)] != nil
        {
            return
        }
        context.enter(.field(key))
        defer { context.leave() }
        do {
            try validateValue(value, type: field.type, leafType: field.leafType, in: context)
        } catch {
            throw error.prefixed(by: .field(key))
        }
    }

    /// Checks a leaf value by decoding it as its Swift type; the built-in scalars, which most leaves are, without
    /// dynamic dispatch.
    private static func validateLeaf(
        _ value: JSONValue, as type: any GraphQLLeafValue.Type, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError) {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): _ = try String.decode(from: value, in: context)
        case ObjectIdentifier(String?.self): _ = try String?.decode(from: value, in: context)
        case ObjectIdentifier(Int.self): _ = try Int.decode(from: value, in: context)
        case ObjectIdentifier(Int?.self): _ = try Int?.decode(from: value, in: context)
        case ObjectIdentifier(Bool.self): _ = try Bool.decode(from: value, in: context)
        case ObjectIdentifier(Bool?.self): _ = try Bool?.decode(from: value, in: context)
        case ObjectIdentifier(Double.self): _ = try Double.decode(from: value, in: context)
        case ObjectIdentifier(Double?.self): _ = try Double?.decode(from: value, in: context)
        default: _ = try type.decode(from: value, in: context)
        }
    }

    /// Checks a value of an object type, a list of them, or a leaf without a Swift type (any JSON then).
    private static func validate(
        _ value: JSONValue, as type: GraphQLOutputType, isNonNull: Bool, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError) {
        switch type {
        case .nonNull(let inner):
            try validate(value, as: inner, isNonNull: true, in: context)
        case _ where value == .null:
            if isNonNull, !context.isAtErroredPath { throw GraphQLDecodingError(.nullValue) }
        case .scalar:
            break
        case .list(let element):
            guard case .array(let elements) = value else {
                throw GraphQLDecodingError.mismatch(expected: "list", found: value)
            }
            for (index, item) in elements.enumerated() {
                context.enter(.index(index))
                defer { context.leave() }
                do {
                    try validate(item, as: element, isNonNull: false, in: context)
                } catch {
                    throw error.prefixed(by: .index(index))
                }
            }
        case .object(let selectionSet):
            guard case .object(let object) = value else {
                throw GraphQLDecodingError.mismatch(expected: "object", found: value)
            }
            try validate(object, as: selectionSet, in: context)
        }
    }
}
