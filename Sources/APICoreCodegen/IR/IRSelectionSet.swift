import APICoreCompiler

/// One generated selection-set class: the fields of one object, interface or union type as an operation, a
/// fragment, a type case or a deferred part selects them, merged as the specification's CollectFields merges them.
///
/// Fields selected directly (or in inline fragments and fragment spreads that always apply) are stored; fields that
/// come only from a spread fragment are read through that fragment (``forwardedFields``); narrower type conditions
/// are ``typeCases``; `@defer`red parts are ``deferredParts``. Every list is in document order.
package struct IRSelectionSet: Sendable {
    /// The Swift name of the class (`Hero`, `AsDroid`, `Data`).
    package var typeName: String
    /// The fully qualified Swift path of the class (`HeroNameQuery.Data.Hero`).
    package var qualifiedName: String
    /// The schema type the selections apply to.
    package var parentTypeName: String
    /// The stored fields: the selection set's own, then (in a type case) those merged from the enclosing selection set.
    package var fields: [IRField] = []
    /// The named fragments spread on this type (always or conditionally, or deferred), then (in a type case) those
    /// spread on the enclosing selection set.
    package var fragments: [IRFragmentUse] = []
    /// The narrower type conditions, one per type.
    package var typeCases: [IRInlinePart] = []
    /// The deferred inline fragments.
    package var deferredParts: [IRInlinePart] = []
    /// Fields read through a spread fragment.
    package var forwardedFields: [IRForwardedField] = []
    /// The cache keys the generator selects where the operation does not: on this type, or through type conditions
    /// for the possible types whose key it lacks.
    package var implicitKeys: [IRImplicitKey] = []

    /// The names of the properties of the class, stored and computed, as Swift identifiers (before escaping).
    package var propertyNames: [String] {
        fields.map(\.propertyName) + (fragments.isEmpty ? [] : ["fragments"]) + typeCases.map(\.propertyName)
            + deferredParts.map(\.propertyName) + forwardedFields.map(\.propertyName)
    }
}

/// A stored field of a selection set.
package struct IRField: Sendable {
    /// The key in the response: the alias, else the name.
    package var responseKey: String
    /// The field's schema name.
    package var name: String
    /// The alias, when one was written.
    package var alias: String?
    /// The arguments, as written.
    package var arguments: [Argument]
    /// The field's schema type.
    package var type: TypeReference
    /// The `@include`/`@skip` conditions that must pass for the field to be selected; empty when always selected.
    package var conditions: [IRCondition]
    /// For a field selected more than once under different `@include`/`@skip` conditions (`a @skip(if: $x)` and
    /// `... @include(if: $y) { a }`): the conditions of each selection beyond ``conditions``, any of which selecting
    /// it is enough, as GraphQL's field collection says. Empty when ``conditions`` alone decide.
    package var alternatives: [[IRCondition]] = []
    /// The selection set of an object, interface or union field.
    package var selectionSet: IRSelectionSet?
    /// The Swift property name (unescaped).
    package var propertyName: String
    /// The schema description.
    package var description: String?
    /// The deprecation reason, when the schema deprecates the field.
    package var deprecationReason: String?
    /// For a field a type case merges from its enclosing selection set: the qualified Swift name of the enclosing
    /// set's class for it, if it is an object. Such a field is stored and read like the others, but is not one of
    /// the type case's own `__selections`.
    package var inheritedObjectType: String?? = nil
    /// How the field's errors reach the app, when the nullability directives ask for more than GraphQL's `null`.
    package var catching: IRErrorCatching? = nil

    /// Whether the field is a `GraphQLFieldResult` (`@catch(to: RESULT)`).
    package var isResult: Bool { catching?.isResult == true }

    /// Whether the field may be left out by `@include`/`@skip`, so that its property is optional.
    package var isConditional: Bool { !conditions.isEmpty || !alternatives.isEmpty }

    /// The sets of conditions that select the field, any one of them enough: one set (possibly empty) unless the field
    /// has ``alternatives``.
    package var conditionSets: [[IRCondition]] {
        alternatives.isEmpty ? [conditions] : alternatives.map { conditions + $0 }
    }

    /// Whether the field is merged from the enclosing selection set rather than selected by this one.
    package var isInherited: Bool { inheritedObjectType != nil }

    /// The Swift name of the field's class, if it is an object: nested (`Friends`) or, from outside, qualified.
    package func objectTypeName(qualified: Bool) -> String? {
        if let inherited = inheritedObjectType { return inherited }
        return qualified ? selectionSet?.qualifiedName : selectionSet?.typeName
    }
}

/// A named fragment spread on a selection set.
package struct IRFragmentUse: Sendable {
    /// The fragment's name.
    package var fragmentName: String
    /// The fragment's Swift type.
    package var typeName: String
    /// The property of the `Fragments` struct (`heroDetails`).
    package var propertyName: String
    /// Conditions on the spread; empty when always selected.
    package var conditions: [IRCondition]
    /// For a fragment spread more than once under different `@include`/`@skip` conditions: the conditions of each
    /// spread beyond ``conditions``, any of which selecting it is enough. Empty when ``conditions`` alone decide.
    package var alternatives: [[IRCondition]] = []
    /// Whether the spread is `@defer`red, with its label.
    package var deferLabel: String??
    /// For a fragment that declares variables (fragment arguments): each variable's value at the spread, by name,
    /// `nil` when it has none. Empty for a fragment without variables.
    package var arguments: [(name: String, value: Value?)] = []
    /// Whether a type case has it because its enclosing selection set spreads it: read and exposed, but not one of
    /// the type case's own `__selections`.
    package var isInherited = false

    /// Whether `@include`/`@skip` may leave the fragment out.
    package var isConditional: Bool { !conditions.isEmpty || !alternatives.isEmpty }

    /// The sets of conditions that select the fragment, any one of them enough.
    package var conditionSets: [[IRCondition]] {
        alternatives.isEmpty ? [conditions] : alternatives.map { conditions + $0 }
    }
}

/// A type case (`... on Droid`) or a deferred inline fragment (`... @defer(label:)`).
package struct IRInlinePart: Sendable {
    /// The property (`asDroid`).
    package var propertyName: String
    /// Conditions on the inline fragment; empty when always selected.
    package var conditions: [IRCondition]
    /// The `@defer` label, for deferred parts.
    package var label: String?
    /// The part's selections.
    package var selectionSet: IRSelectionSet
}

/// Key fields the generator selects where the operation does not (``KeyFieldSelector``): `id` on the selection set's
/// type, or `... on Node { __typename id }` for possible types of an interface or union that lacks the key. In the
/// selections that decoding and the cache walk, where a response may lack them, and in no property or class.
package struct IRImplicitKey: Sendable {
    /// The type condition they are selected through; `nil` for the selection set's own type.
    package var typeCondition: String?
    /// The key fields.
    package var fields: [IRKeyField]
}

/// A key field: its name and the name of its scalar or enum type.
package struct IRKeyField: Sendable, Hashable {
    package var name: String
    package var typeName: String
}

/// A field exposed on a selection set but selected by a fragment it spreads: read from the same object.
package struct IRForwardedField: Sendable {
    /// The Swift property name (unescaped).
    package var propertyName: String
    /// The Swift type of the property.
    package var swiftType: String
    /// The field's schema type.
    package var type: TypeReference
    /// The key in the response.
    package var responseKey: String
    /// The conditions of the fragment spreads it comes through and of the field itself.
    package var conditions: [IRCondition]
    /// Whether `@include`/`@skip` may leave it out: it has ``conditions``, or the fragment selects it under several
    /// sets of them.
    package var isConditional: Bool
    /// The deprecation reason, when the schema deprecates the field.
    package var deprecationReason: String?
    /// Whether the field is a `GraphQLFieldResult` (`@catch(to: RESULT)`).
    package var isResult = false
}

/// One `@include(if: $v)` or `@skip(if: $v)` condition.
package struct IRCondition: Sendable, Hashable {
    /// The variable's name.
    package var variable: String
    /// `true` for `@include`, `false` for `@skip`.
    package var isInclude: Bool
}
