/// The key fields a schema declares with `@typePolicy(keyFields:)`, by concrete object type.
///
/// The code generator writes one value of this type per schema namespace (`StarWarsAPI.typePolicies`): an object
/// type's own policy wins, else the policy of an interface it implements. The normalized cache uses it to give
/// objects of those types a cache key made of the type name and the key fields' values.
public struct GraphQLTypePolicies: Sendable, Hashable {
    /// The key fields of each concrete object type that has a policy, in the order the policy names them.
    public let keyFields: [String: [String]]

    /// Policies for the given object types.
    public init(keyFields: [String: [String]] = [:]) {
        self.keyFields = keyFields
    }

    /// No policies: every object is keyed by the cache's default rule.
    public static let none = GraphQLTypePolicies()

    /// The key fields of objects whose `__typename` is `typename`, if the schema declares them.
    public func keyFields(for typename: String) -> [String]? {
        keyFields[typename]
    }
}
