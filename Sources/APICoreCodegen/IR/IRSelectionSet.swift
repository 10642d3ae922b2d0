import APICoreCompiler

/// One generated selection-set struct: the fields of one object, interface or union type as an operation, a
/// fragment, a type case or a deferred part selects them, merged as the specification's CollectFields merges them.
///
/// Fields selected directly (or in inline fragments and fragment spreads that always apply) are stored; fields that
/// come only from a spread fragment are read through that fragment (``forwardedFields``); narrower type conditions
/// are ``typeCases``; `@defer`red parts are ``deferredParts``. Every list is in document order.
struct IRSelectionSet: Sendable {
    /// The Swift name of the struct (`Hero`, `AsDroid`, `Data`).
    var typeName: String
    /// The fully qualified Swift path of the struct (`HeroNameQuery.Data.Hero`).
    var qualifiedName: String
    /// The schema type the selections apply to.
    var parentTypeName: String
    /// The stored fields: the selection set's own, then (in a type case) those merged from the enclosing selection set.
    var fields: [IRField] = []
    /// The named fragments spread on this type (always or conditionally, or deferred), then (in a type case) those
    /// spread on the enclosing selection set.
    var fragments: [IRFragmentUse] = []
    /// The narrower type conditions, one per type.
    var typeCases: [IRInlinePart] = []
    /// The deferred inline fragments.
    var deferredParts: [IRInlinePart] = []
    /// Fields read through a spread fragment.
    var forwardedFields: [IRForwardedField] = []

    /// The names of the properties of the struct, stored and computed, as Swift identifiers (before escaping).
    var propertyNames: [String] {
        fields.map(\.propertyName) + (fragments.isEmpty ? [] : ["fragments"]) + typeCases.map(\.propertyName)
            + deferredParts.map(\.propertyName) + forwardedFields.map(\.propertyName)
    }
}

/// A stored field of a selection set.
struct IRField: Sendable {
    /// The key in the response: the alias, else the name.
    var responseKey: String
    /// The field's schema name.
    var name: String
    /// The alias, when one was written.
    var alias: String?
    /// The arguments, as written.
    var arguments: [Argument]
    /// The field's schema type.
    var type: TypeReference
    /// The `@include`/`@skip` conditions that must pass for the field to be selected; empty when always selected.
    var conditions: [IRCondition]
    /// The selection set of an object, interface or union field.
    var selectionSet: IRSelectionSet?
    /// The Swift property name (unescaped).
    var propertyName: String
    /// The schema description.
    var description: String?
    /// The deprecation reason, when the schema deprecates the field.
    var deprecationReason: String?
    /// For a field a type case merges from its enclosing selection set: the qualified Swift name of the enclosing
    /// set's struct for it, if it is an object. Such a field is stored and read like the others, but is not one of
    /// the type case's own `__selections`.
    var inheritedObjectType: String?? = nil

    /// Whether the field is merged from the enclosing selection set rather than selected by this one.
    var isInherited: Bool { inheritedObjectType != nil }

    /// The Swift name of the field's struct, if it is an object: nested (`Friends`) or, from outside, qualified.
    func objectTypeName(qualified: Bool) -> String? {
        if let inherited = inheritedObjectType { return inherited }
        return qualified ? selectionSet?.qualifiedName : selectionSet?.typeName
    }
}

/// A named fragment spread on a selection set.
struct IRFragmentUse: Sendable {
    /// The fragment's name.
    var fragmentName: String
    /// The fragment's Swift type.
    var typeName: String
    /// The property of the `Fragments` struct (`heroDetails`).
    var propertyName: String
    /// Conditions on the spread; empty when always selected.
    var conditions: [IRCondition]
    /// Whether the spread is `@defer`red, with its label.
    var deferLabel: String??
    /// Whether a type case has it because its enclosing selection set spreads it: read and exposed, but not one of
    /// the type case's own `__selections`.
    var isInherited = false
}

/// A type case (`... on Droid`) or a deferred inline fragment (`... @defer(label:)`).
struct IRInlinePart: Sendable {
    /// The property (`asDroid`).
    var propertyName: String
    /// Conditions on the inline fragment; empty when always selected.
    var conditions: [IRCondition]
    /// The `@defer` label, for deferred parts.
    var label: String?
    /// The part's selections.
    var selectionSet: IRSelectionSet
}

/// A field exposed on a selection set but selected by a fragment it spreads: read from the same object.
struct IRForwardedField: Sendable {
    /// The Swift property name (unescaped).
    var propertyName: String
    /// The Swift type of the property.
    var swiftType: String
    /// The field's schema type.
    var type: TypeReference
    /// The key in the response.
    var responseKey: String
    /// The conditions of the fragment spreads it comes through and of the field itself.
    var conditions: [IRCondition]
    /// The deprecation reason, when the schema deprecates the field.
    var deprecationReason: String?
}

/// One `@include(if: $v)` or `@skip(if: $v)` condition.
struct IRCondition: Sendable, Hashable {
    /// The variable's name.
    var variable: String
    /// `true` for `@include`, `false` for `@skip`.
    var isInclude: Bool
}
