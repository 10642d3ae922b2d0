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
        builder.applyExtensions()
        var (schema, source) = builder.makeSchema()
        if !options.isStrict { schema = schema.droppingInvalidDefaults(fallback: fallbackLocation) }
        let found = builder.diagnostics + schema.warnings + SchemaValidator.validate(schema, source: source)
        if found.contains(where: { $0.severity == .error }) { throw CompilerError(SchemaDiagnostics.ordered(found)) }
        return schema.replacing(
            types: schema.types, directives: schema.directives, warnings: SchemaDiagnostics.ordered(found))
    }

    /// Sorts one document's definitions into the collections the build works from.
    mutating func collect(_ document: Document) {
        for definition in document.definitions {
            switch definition {
            case .type(let type)
            where !options.isStrict && SchemaTolerance.introspectionTypeNames.contains(type.name.value):
                diagnostics.append(
                    SchemaTolerance.ignoredIntrospectionType(
                        type.name.value, isExtension: type.isExtension, at: type.location))
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
                report(
                    "A schema document cannot contain operations; move this \(operation.kind.rawValue) to an "
                        + "operation document.",
                    at: operation.location, rule: "TypeSystemDefinitionsOnly")
            case .fragment(let fragment):
                report(
                    "A schema document cannot contain fragments; move fragment \"\(fragment.name.value)\" to an "
                        + "operation document.",
                    at: fragment.location, rule: "TypeSystemDefinitionsOnly")
            }
        }
    }

    /// Converts the merged definitions into a schema, with the locations the validator needs to report on it.
    mutating func makeSchema() -> (GraphQLSchema, SchemaValidationSource) {
        var types = typeDefinitions.map { convert($0) }
        let definedNames = Set(types.map(\.name))
        for scalar in BuiltInDefinitions.scalars where !definedNames.contains(scalar.name) {
            types.append(.scalar(scalar))
        }

        var directives = directiveDefinitions.map { convert($0) }
        let declaredDirectives = Set(directives.map(\.name))
        for directive in BuiltInDefinitions.implicitDirectives(options: options)
        where !declaredDirectives.contains(directive.name) {
            directives.append(directive)
        }

        let roots = resolveRootTypes(definedNames: definedNames)
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
            fallbackLocation: fallbackLocation)
        return (schema, source)
    }

    /// Records an error.
    mutating func report(_ message: String, at location: SourceLocation, related: [SourceLocation] = [], rule: String) {
        diagnostics.append(Diagnostic(.error, message, at: [location] + related, rule: rule))
    }
}
