import APICoreGraphQL

/// What the cache asks of the type policies the generated schema declares; generated code only declares them.
extension GraphQLTypePolicies {
    /// The policies of this value and `other` together, for an app whose feature modules each generate their own
    /// schema namespace but share one normalized cache. Where both give a type key fields, or a field a policy,
    /// `other`'s win.
    public func merging(_ other: GraphQLTypePolicies) -> GraphQLTypePolicies {
        GraphQLTypePolicies(
            keyFields: keyFields.merging(other.keyFields) { _, theirs in theirs },
            fieldPolicies: fieldPolicies.merging(other.fieldPolicies) { ours, theirs in
                ours.merging(theirs) { _, theirs in theirs }
            },
            maxAges: maxAges.merging(other.maxAges) { _, theirs in theirs })
    }

    /// The key fields of objects whose `__typename` is `typename`, if the schema declares them.
    public func keyFields(for typename: String) -> [String]? {
        keyFields[typename]
    }

    /// The time to live in seconds the schema gives the field `field` of an object of type `typename`: the field's
    /// own `@cacheControl(maxAge:)`, else its type's; `nil` when neither has one.
    public func maxAge(for typename: String, field: String) -> Int? {
        guard !maxAges.isEmpty else { return nil }
        return maxAges[typename + "." + field] ?? maxAges[typename]
    }

    /// The policy of the field `field` of the type `typename`, if there is one.
    public func fieldPolicy(for typename: String, field: String) -> GraphQLFieldPolicy? {
        guard !fieldPolicies.isEmpty else { return nil }
        return fieldPolicies[typename]?[field]
    }
}
