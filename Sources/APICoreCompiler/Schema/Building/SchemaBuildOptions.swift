/// How the schema builders treat a schema: which directives they know without a declaration.
public struct SchemaBuildOptions: Sendable {
    /// Know, without declarations, the directives Apollo users write in schemas and operations:
    ///
    /// - `@typePolicy(keyFields: String, embeddedFields: String, connectionFields: String) on OBJECT | INTERFACE`
    /// - `@fieldPolicy(forField: String!, keyArgs: String, paginationArgs: String) repeatable on OBJECT | INTERFACE`
    /// - `@cacheControl(maxAge: Int, inheritMaxAge: Boolean) on FIELD_DEFINITION | OBJECT | INTERFACE | UNION` (Apollo
    ///   Server's; a schema that also gives it a `scope` declares it, with its `CacheControlScope` enum)
    /// - `@apollo_client_ios_localCacheMutation on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION`
    /// - `@import(module: String!) repeatable on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION`
    /// - `@defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT`
    /// - `@stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD`
    ///
    /// `@oneOf` and `@specifiedBy` are always known: the specification defines them. A schema that declares one of
    /// these directives itself keeps its own declaration. When `false`, using an undeclared client directive in a
    /// schema is an error.
    public var knowsClientDirectives: Bool = true

    /// Whether the schema must follow the specification's type-system rules to the letter. When `false` (the
    /// default), what graphql-js 16 builds is built too, repaired as graphql-js repairs it, with a located warning for
    /// each repair (see `SchemaTolerance`): SDL copies of the introspection types and non-scalar definitions named like
    /// built-in scalars give way to the built-in types, default values invalid for their type are dropped, the values
    /// of applied directives' arguments are not checked, directives may refer to themselves, one type may be the root
    /// of two operation kinds, `@oneOf` on an extension is ignored, operations in a schema document are ignored, and
    /// names an introspection result lists twice are read as graphql-js reads them. When `true`, each is an error: for
    /// teams that own their schema.
    public var isStrict: Bool = false

    /// Options; by default the client directives are known and the schema is read as graphql-js reads it.
    public init(knowsClientDirectives: Bool = true, isStrict: Bool = false) {
        self.knowsClientDirectives = knowsClientDirectives
        self.isStrict = isStrict
    }
}
