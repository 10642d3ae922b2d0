/// References to the introspection types (`type Query { kind: __TypeKind }`), which graphql-js resolves to its built-in
/// introspection types: in SDL always, in introspection JSON when the result lists the type. Outside a strict build the
/// built-in types are added to the schema, with a warning for each reference; a strict build reports them as unknown.
enum IntrospectionTypeReferences {
    /// `types` with the built-in introspection types added when an element of `types` or `directives`, or one of
    /// `extraReferences`, refers to one of them named in `listed`, and a warning for each such reference (located
    /// at `fallback` when the reference has no location).
    static func resolving(
        types: [SchemaType],
        directives: [SchemaDirective],
        extraReferences: [SchemaTypeReference] = [],
        listed: Set<String>,
        fallback: SourceLocation
    ) -> (types: [SchemaType], warnings: [Diagnostic]) {
        let defined = Set(types.map(\.name))
        // Every introspection type's name starts with "_": most names are ruled out without hashing them.
        let isIntrospectionType = { (name: String) in
            name.utf8.first == UInt8(ascii: "_") && listed.contains(name)
                && SchemaTolerance.introspectionTypeNames.contains(name) && !defined.contains(name)
        }
        let references =
            SchemaTypeReference.all(in: types, directives: directives, to: isIntrospectionType)
            + extraReferences.filter { isIntrospectionType($0.name) }
        guard !references.isEmpty else { return (types, []) }
        let warnings = references.map { reference in
            Diagnostic(
                .warning,
                "\"\(reference.name)\", named in \(reference.referrer), is an introspection type, which a schema "
                    + "does not define; the built-in one is used, as graphql-js does. Build with --strict to make it "
                    + "an error.",
                at: [SchemaDiagnostics.isKnown(reference.location) ? reference.location : fallback],
                rule: "IntrospectionTypeReferences")
        }
        return (types + IntrospectionTypes.all.filter { !defined.contains($0.name) }, warnings)
    }
}
