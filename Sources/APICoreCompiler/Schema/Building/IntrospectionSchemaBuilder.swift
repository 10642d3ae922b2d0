import Foundation

/// Builds a schema from an introspection result.
struct IntrospectionSchemaBuilder {
    let file: String
    let options: SchemaBuildOptions

    /// Decodes, converts and validates.
    func build(from data: Data) throws(CompilerError) -> GraphQLSchema {
        let root = IntrospectionJSONNode(value: try decode(data), path: .root, file: file)
        let schemaNode = try (root.member("data") ?? root).required("__schema")

        var types: [SchemaType] = []
        for typeNode in try schemaNode.required("types").elements() {
            let name = try typeNode.required("name").string()
            // The introspection types, which the result lists but the schema model leaves out.
            if SchemaTolerance.introspectionTypeNames.contains(name) { continue }
            types.append(try convertType(typeNode, name: name))
        }
        let definedNames = Set(types.map(\.name))
        types += BuiltInDefinitions.scalars.filter { !definedNames.contains($0.name) }.map { .scalar($0) }

        var directives = try (schemaNode.member("directives")?.elements() ?? []).map { node throws(CompilerError) in
            try convertDirective(node)
        }
        let declared = Set(directives.map(\.name))
        directives += BuiltInDefinitions.implicitDirectives(options: options).filter { !declared.contains($0.name) }

        let start = SchemaSourceParsing.start(of: file)
        var enumDefaults = IntrospectionEnumDefaults(types: types, location: start)
        (types, directives) = enumDefaults.repair(types, directives)

        var schema = GraphQLSchema(
            description: try schemaNode.optionalString("description"),
            types: types,
            directives: directives,
            queryTypeName: try rootTypeName(schemaNode, "queryType"),
            mutationTypeName: try rootTypeName(schemaNode, "mutationType"),
            subscriptionTypeName: try rootTypeName(schemaNode, "subscriptionType"),
            warnings: enumDefaults.warnings)
        if !options.isStrict { schema = schema.droppingInvalidDefaults(fallback: start) }
        let found = SchemaValidator.validate(
            schema, source: SchemaValidationSource(schemaLocation: start, fallbackLocation: start))
        if found.contains(where: { $0.severity == .error }) { throw CompilerError(schema.warnings + found) }
        return schema
    }

    private func decode(_ data: Data) throws(CompilerError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            throw CompilerError(
                Diagnostic(
                    .error, "The introspection file is not valid JSON: \(error.localizedDescription)",
                    at: [SchemaSourceParsing.start(of: file)], rule: "IntrospectionFormat"))
        }
    }

    private func rootTypeName(_ schemaNode: IntrospectionJSONNode, _ key: String) throws(CompilerError) -> String? {
        try schemaNode.member(key)?.required("name").string()
    }
}
