/// What graphql-js 16 builds although the specification's rules reject it, repaired the way graphql-js repairs it, each
/// with a located warning. ``SchemaBuildOptions/isStrict`` turns the repairs off, and the rules report errors instead.
///
/// - SDL definitions of the introspection types (`type __Schema { ... }`, `enum __TypeKind { ... }`, and the other
///   six), which introspection dumps carry: the built-in types replace them.
/// - Default values of arguments, input fields and directive arguments that are not valid for their type (`= {}` for
///   an input object with a required field): graphql-js does not check them when it builds a schema, and reads them
///   as no default. They are dropped.
enum SchemaTolerance {
    /// The introspection types, which a schema's SDL may copy but cannot define.
    static let introspectionTypeNames: Set<String> = [
        "__Schema", "__Type", "__TypeKind", "__Field", "__InputValue", "__EnumValue", "__Directive",
        "__DirectiveLocation",
    ]

    /// The warning for a definition or extension of an introspection type, which the build leaves out.
    static func ignoredIntrospectionType(_ name: String, isExtension: Bool, at location: SourceLocation) -> Diagnostic {
        let what = isExtension ? "This extension of" : "This definition of"
        return Diagnostic(
            .warning,
            "\(what) \"\(name)\" is ignored: it is an introspection type, and the built-in one is used, as graphql-js "
                + "does. Remove it from the schema, or build with --strict to make it an error.",
            at: [location], rule: "IntrospectionTypeDefinitions")
    }

    /// The types and directives without the default values that are not valid for their types, and a warning for each
    /// one dropped, located at its input value (or at `fallback` when the value has no location).
    static func droppingInvalidDefaults(
        types: [SchemaType], directives: [SchemaDirective], fallback: SourceLocation
    ) -> (types: [SchemaType], directives: [SchemaDirective], warnings: [Diagnostic]) {
        let checker = ConstantValueChecker(
            schema: GraphQLSchema(types: types, directives: directives, queryTypeName: nil))
        var warnings: [Diagnostic] = []
        let rewriter = InputValueRewriter { value, described in
            guard let defaultValue = value.defaultValue,
                let problem = checker.firstProblem(defaultValue, as: value.type)
            else { return nil }
            let location = SchemaDiagnostics.isKnown(value.location) ? value.location : fallback
            warnings.append(
                Diagnostic(
                    .warning,
                    "The default value of \(described) is ignored: \(problem) graphql-js builds the schema without "
                        + "this default; fix it in the schema, or build with --strict to make it an error.",
                    at: [location], rule: "DefaultValuesOfCorrectType"))
            return value.withDefaultValue(nil)
        }
        let repaired = (rewriter.rewriting(types), rewriter.rewriting(directives))
        return (repaired.0, repaired.1, warnings)
    }
}

extension GraphQLSchema {
    /// The same schema with other types, directives and warnings.
    func replacing(types: [SchemaType], directives: [SchemaDirective], warnings: [Diagnostic]) -> GraphQLSchema {
        GraphQLSchema(
            description: description, types: types, directives: directives, queryTypeName: queryTypeName,
            mutationTypeName: mutationTypeName, subscriptionTypeName: subscriptionTypeName,
            schemaDirectives: schemaDirectives, warnings: warnings)
    }

    /// The schema without the default values that are not valid for their types, and its warnings with one more for
    /// each default dropped.
    func droppingInvalidDefaults(fallback: SourceLocation) -> GraphQLSchema {
        let repaired = SchemaTolerance.droppingInvalidDefaults(types: types, directives: directives, fallback: fallback)
        guard !repaired.warnings.isEmpty else { return self }
        return replacing(
            types: repaired.types, directives: repaired.directives, warnings: warnings + repaired.warnings)
    }
}
