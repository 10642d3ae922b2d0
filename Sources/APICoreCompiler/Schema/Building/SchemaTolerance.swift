/// What graphql-js 16 builds although the specification's rules reject it, repaired the way graphql-js repairs it, each
/// with a located warning (at the start of the file for introspection JSON). ``SchemaBuildOptions/isStrict`` turns the
/// repairs off, and the rules report errors instead. graphql-core 3.2.8 is the oracle (`DifferentialSchemaTests`).
///
/// - SDL definitions of the introspection types (`type __Schema { ... }`, `enum __TypeKind { ... }`, and the other
///   six), which introspection dumps carry: the built-in types replace them (`SDLSchemaBuilder+IgnoredDefinitions`).
///   They must still pass the SDL rules graphql-js applies before it discards them.
/// - Definitions named like a built-in scalar that are not scalars (`type Int { ... }`), in SDL or listed in
///   introspection JSON: the built-in scalar replaces them (an error, not a repair, in a strict build).
/// - References to the introspection types (`type Query { kind: __TypeKind }`): the built-in types are added to the
///   schema (`IntrospectionTypeReferences`).
/// - Default values of arguments, input fields and directive arguments that are not valid for their type (`= {}` for
///   an input object with a required field): graphql-js does not check them when it builds a schema, and reads them
///   as no default. They are dropped.
/// - Values of the arguments of applied directives that are not valid for their type: graphql-js does not read them
///   (`SchemaValidator+AppliedDirectives`), except `@deprecated(reason:)` and `@specifiedBy(url:)`, which it reads with
///   the built-in definitions and so are always checked (`BuiltInDirectiveArguments`), and input fields given twice,
///   which are always an error (`RepeatedInputFields`). `@deprecated(reason: null)` does not deprecate.
/// - A directive used within its own definition, and one object type as the root of two operation kinds: graphql-js 16
///   has neither rule.
/// - `@oneOf` on an input object's extension: graphql-js reads it from the definition only, and ignores it.
/// - Operations and fragments in a schema document: ignored.
/// - Names an introspection result lists twice (`IntrospectionDuplicates`): the last type, field, argument, input
///   field or enum value of a name, the first directive.
///
/// graphql-js also rejects what the specification allows and the builders used to accept; those are errors in every
/// build: references to built-in scalars that an introspection result does not list, introspection results without a
/// field's or a directive's `args` or an object's `interfaces`, and names that are not GraphQL names.
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
        of schema: GraphQLSchema, fallback: SourceLocation, checksRepeatedFields: Bool
    ) -> (types: [SchemaType], directives: [SchemaDirective], warnings: [Diagnostic]) {
        var checker = ConstantValueChecker(schema: schema)
        checker.checksRepeatedFields = checksRepeatedFields
        var warnings: [Diagnostic] = []
        let rewriter = InputValueRewriter { value, described in
            guard let defaultValue = value.defaultValue,
                let problem = checker.firstProblem(defaultValue, as: value.type)
            else { return nil }
            let location = SchemaDiagnostics.isKnown(value.location) ? value.location : fallback
            warnings.append(
                Diagnostic(
                    .warning,
                    "The default value of \(described()) is ignored: \(problem) graphql-js builds the schema without "
                        + "this default; fix it in the schema, or build with --strict to make it an error.",
                    at: [location], rule: "DefaultValuesOfCorrectType"))
            return value.withDefaultValue(nil)
        }
        let repaired = (rewriter.rewriting(schema.types), rewriter.rewriting(schema.directives))
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
    /// each default dropped. An input object field given twice is one of those problems unless it is an error of its
    /// own (`checksRepeatedFields` false: SDL, where ``RepeatedInputFields`` reports it).
    func droppingInvalidDefaults(fallback: SourceLocation, checksRepeatedFields: Bool = true) -> GraphQLSchema {
        let repaired = SchemaTolerance.droppingInvalidDefaults(
            of: self, fallback: fallback, checksRepeatedFields: checksRepeatedFields)
        guard !repaired.warnings.isEmpty else { return self }
        return replacing(
            types: repaired.types, directives: repaired.directives, warnings: warnings + repaired.warnings)
    }
}
