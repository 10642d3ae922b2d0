import Foundation

extension GraphQLSchema {
    /// Builds a schema from SDL spread over several files.
    ///
    /// All definitions of all files are collected first, then the `extend` definitions are applied in order
    /// (extending a type that is not defined is an error). The built-in scalars (`Int`, `Float`, `String`, `Boolean`,
    /// `ID`) and directives (`@skip`, `@include`, `@deprecated`, `@specifiedBy`, `@oneOf`, and the client directives
    /// of ``SchemaBuildOptions/knowsClientDirectives``) are added when the files do not define them. The root types
    /// come from `schema { ... }`, or else are the types named `Query`, `Mutation` and `Subscription`. Descriptions,
    /// deprecation reasons, default values, `@oneOf` and `@specifiedBy` URLs are carried into the model. The result
    /// is validated with ``SchemaValidator``. What graphql-js 16 builds against the specification's rules is built,
    /// repaired as graphql-js repairs it, with a located warning, unless `options` are strict (see
    /// ``SchemaBuildOptions/isStrict``).
    ///
    /// - Throws: every syntax error of every file, or else every error the build and the validation found (with the
    ///   warnings collected on the way), in source order.
    public static func build(
        from sources: [Source],
        options: SchemaBuildOptions = SchemaBuildOptions()
    ) throws(CompilerError) -> GraphQLSchema {
        let documents = try Parser.parse(sources)
        return try SDLSchemaBuilder.build(
            documents: documents, options: options,
            fallbackLocation: SchemaSourceParsing.start(of: sources.first?.name ?? "<schema>"))
    }

    /// Builds a schema from the JSON result of an introspection query: `{"data":{"__schema":...}}` or
    /// `{"__schema":...}`.
    ///
    /// Default values, which introspection gives as GraphQL literals in strings, are parsed as such. The introspection
    /// types (`__Schema`, `__Type`, ...) are left out unless a listed type refers to them; built-in scalars and
    /// directives are added when missing, as for SDL, but a built-in scalar that the result uses must be listed, as
    /// graphql-js requires. Introspection carries no applied directives: `isOneOf` becomes an applied `@oneOf`,
    /// deprecations and `specifiedByURL` fill the model's own properties. The result is validated with
    /// ``SchemaValidator``. What graphql-js repairs is repaired with a warning unless `options` are strict (see
    /// ``SchemaBuildOptions/isStrict``).
    ///
    /// - Throws: a malformed file as one error at `file:1:1` naming the JSON path that is wrong; or the validation
    ///   errors, located at `file:1:1` and naming the schema elements.
    public static func build(
        introspection data: Data,
        file: String,
        options: SchemaBuildOptions = SchemaBuildOptions()
    ) throws(CompilerError) -> GraphQLSchema {
        try IntrospectionSchemaBuilder(file: file, options: options).build(from: data)
    }
}

/// Where problems of a schema source as a whole are reported.
enum SchemaSourceParsing {
    /// Line 1, column 1 of a file: where problems of the file as a whole are reported.
    static func start(of file: String) -> SourceLocation {
        SourceLocation(file: file, line: 1, column: 1, offset: 0)
    }
}
