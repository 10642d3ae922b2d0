/// Builds a schema from parsed SDL documents: collects every definition, applies the `extend` definitions, converts
/// the result to the schema model, adds the built-in scalars and directives, and validates.
struct SDLSchemaBuilder {
    let options: SchemaBuildOptions
    /// Where diagnostics without a place of their own are reported: the start of the first file.
    let fallbackLocation: SourceLocation

    var diagnostics: [Diagnostic] = []
    /// Type definitions (not extensions) in source order, duplicates included.
    var typeDefinitions: [TypeDefinition] = []
    /// The index in ``typeDefinitions`` of the first definition of each name.
    var typeIndex: [String: Int] = [:]
    var typeExtensions: [TypeDefinition] = []
    var schemaDefinitions: [SchemaDefinition] = []
    var schemaExtensions: [SchemaDefinition] = []
    var directiveDefinitions: [DirectiveDefinition] = []
    /// The input objects whose `@oneOf` only an extension applies, which graphql-js ignores (outside a strict build).
    var ignoredOneOf: Set<String> = []

    init(options: SchemaBuildOptions, fallbackLocation: SourceLocation) {
        self.options = options
        self.fallbackLocation = fallbackLocation
    }

    /// Builds and validates the schema the documents describe together.
    static func build(
        documents: [Document],
        options: SchemaBuildOptions,
        fallbackLocation: SourceLocation
    ) throws(CompilerError) -> GraphQLSchema {
        var builder = SDLSchemaBuilder(options: options, fallbackLocation: fallbackLocation)
        for document in documents { builder.collect(document) }
        let unmerged = builder.typeDefinitions + builder.typeExtensions
        builder.applyExtensions()
        let (built, source, ignored) = builder.makeSchema()
        var schema = built
        if !options.isStrict {
            schema = schema.droppingInvalidDefaults(fallback: fallbackLocation, checksRepeatedFields: false)
        }
        var found = builder.diagnostics + schema.warnings + SchemaValidator.validate(schema, source: source)
        found += SchemaValidator.validateIgnored(ignored, in: schema, source: source)
        found += BuiltInDirectiveArguments(schema: schema, isStrict: options.isStrict).problems(
            in: unmerged.filter { builder.isBuilt($0) }, directives: builder.directiveDefinitions)
        if !options.isStrict { found += RepeatedInputFields.problems(in: documents) }
        if found.contains(where: { $0.severity == .error }) { throw CompilerError(SchemaDiagnostics.ordered(found)) }
        return schema.replacing(warnings: SchemaDiagnostics.ordered(found))
    }

    /// Sorts one document's definitions into the collections the build works from.
    mutating func collect(_ document: Document) {
        for definition in document.definitions {
            switch definition {
            case .type(let type) where type.isExtension:
                typeExtensions.append(type)
            case .type(let type):
                if typeIndex[type.name.value] == nil { typeIndex[type.name.value] = typeDefinitions.count }
                typeDefinitions.append(type)
            case .schema(let schema) where schema.isExtension:
                schemaExtensions.append(schema)
            case .schema(let schema):
                schemaDefinitions.append(schema)
            case .directive(let directive):
                directiveDefinitions.append(directive)
            case .operation(let operation):
                diagnostics.append(
                    SchemaTolerance.executableDefinition(
                        "this \(operation.kind.rawValue)", at: operation.location, isStrict: options.isStrict))
            case .fragment(let fragment):
                diagnostics.append(
                    SchemaTolerance.executableDefinition(
                        "fragment \"\(fragment.name.value)\"", at: fragment.location, isStrict: options.isStrict))
            }
        }
    }

    /// Converts the merged definitions into a schema, with the locations the validator needs to report on it, and the
    /// definitions the schema leaves out (see ``partitionDefinitions()``), converted for validation.
    mutating func makeSchema() -> (GraphQLSchema, SchemaValidationSource, ignored: [SchemaType]) {
        let (kept, ignored) = partitionDefinitions()
        var types = kept.map { convert($0) }
        let definedNames = Set(types.map(\.name))
        for scalar in BuiltInDefinitions.scalars where !definedNames.contains(scalar.name) {
            types.append(.scalar(scalar))
        }

        var directives = directiveDefinitions.map { convert($0) }
        let declaredDirectives = Set(directives.map(\.name))
        // Added after the references are resolved: they may refer to a type no schema lists (`CatchTo`).
        let implicitDirectives = BuiltInDefinitions.implicitDirectives(options: options).filter {
            !declaredDirectives.contains($0.name)
        }

        let roots = resolveRootTypes(definedNames: definedNames)
        if !options.isStrict {
            let kinds: [OperationKind] = [.query, .mutation, .subscription]
            let rootReferences = kinds.compactMap { kind in
                roots.names[kind].map { name in
                    SchemaTypeReference(
                        name: name, referrer: .described("the \(kind.rawValue) root type"),
                        at: roots.locations[kind] ?? .unknown)
                }
            }
            let resolved = IntrospectionTypeReferences.resolving(
                types: types, directives: directives, extraReferences: rootReferences,
                listed: SchemaTolerance.introspectionTypeNames, fallback: fallbackLocation)
            types = resolved.types
            diagnostics += resolved.warnings
        }
        directives += implicitDirectives
        let schema = GraphQLSchema(
            description: schemaDefinitions.first?.description?.value,
            types: types,
            directives: directives,
            queryTypeName: roots.names[.query],
            mutationTypeName: roots.names[.mutation],
            subscriptionTypeName: roots.names[.subscription],
            schemaDirectives: (schemaDefinitions.prefix(1) + schemaExtensions).flatMap(\.directives))
        let source = SchemaValidationSource(
            rootTypeLocations: roots.locations,
            schemaLocation: schemaDefinitions.first?.location ?? fallbackLocation,
            fallbackLocation: fallbackLocation,
            isStrict: options.isStrict)
        return (schema, source, ignored.map { convert($0) })
    }

    /// Records an error.
    mutating func report(_ message: String, at location: SourceLocation, related: [SourceLocation] = [], rule: String) {
        diagnostics.append(Diagnostic(.error, message, at: [location] + related, rule: rule))
    }
}
