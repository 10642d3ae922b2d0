/// What a schema declares about how the normalized cache stores its types: the key fields of object types
/// (`@typePolicy(keyFields:)`) and the policies of fields (`@typePolicy(connectionFields:)`, `@fieldPolicy`).
///
/// The code generator writes one value of this type per schema namespace (`StarWarsAPI.typePolicies`): an object
/// type's own key fields win, else those of an interface it implements. The normalized cache uses the key fields to
/// give objects of those types a cache key made of the type name and the key fields' values, and the field policies
/// to store and merge the pages of paginated fields. An app can also build one by hand.
public struct GraphQLTypePolicies: Sendable {
    /// The key fields of each concrete object type that has a policy, in the order the policy names them.
    public let keyFields: [String: [String]]
    /// The field policies, by type name (object or interface) and then field name.
    public let fieldPolicies: [String: [String: GraphQLFieldPolicy]]
    /// The times to live, in seconds, the schema gives with `@cacheControl(maxAge:)`: by object type name (`User`)
    /// and by field (`User.email`, the more specific). The normalized cache serves a field no longer than this, nor
    /// than a response's `Cache-Control: max-age`, nor than its own policy: the tightest wins.
    public let maxAges: [String: Int]

    /// Policies for the given object types and fields.
    public init(
        keyFields: [String: [String]] = [:],
        fieldPolicies: [String: [String: GraphQLFieldPolicy]] = [:],
        maxAges: [String: Int] = [:]
    ) {
        self.keyFields = keyFields
        self.fieldPolicies = fieldPolicies
        self.maxAges = maxAges
    }

    /// No policies: every object is keyed by the cache's default rule, every field stored by all its arguments.
    public static let none = GraphQLTypePolicies()
}
