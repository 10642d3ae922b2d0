/// How the schema builders treat a schema: which directives they know without a declaration.
public struct SchemaBuildOptions: Sendable {
    /// Know, without declarations, the directives Apollo users write in schemas and operations:
    ///
    /// - `@typePolicy(keyFields: String!) on OBJECT | INTERFACE`
    /// - `@fieldPolicy(forField: String!, keyArgs: String!) repeatable on OBJECT | INTERFACE`
    /// - `@apollo_client_ios_localCacheMutation on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION`
    /// - `@import(module: String!) repeatable on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION`
    /// - `@defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT`
    /// - `@stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD`
    ///
    /// `@oneOf` and `@specifiedBy` are always known: the specification defines them. A schema that declares one of
    /// these directives itself keeps its own declaration. When `false`, using an undeclared client directive in a
    /// schema is an error.
    public var knowsClientDirectives: Bool = true

    /// Options; by default the client directives are known.
    public init(knowsClientDirectives: Bool = true) {
        self.knowsClientDirectives = knowsClientDirectives
    }
}
