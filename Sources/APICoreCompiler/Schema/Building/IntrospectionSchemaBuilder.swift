import Foundation

/// Builds a schema from an introspection result.
struct IntrospectionSchemaBuilder {
    let file: String
    let options: SchemaBuildOptions

    /// Decodes, converts and validates.
    ///
    /// The document is read with ``IntrospectionJSONTape`` when it can be; when that fails, or the build from it
    /// fails, it is read and built again from `JSONSerialization`'s result, which words every error.
    func build(from data: Data) throws(CompilerError) -> GraphQLSchema {
        if let tape = IntrospectionJSONTape(data), let schema = try? build(root: tape.root) {
            return schema
        }
        return try buildWithFoundation(from: data)
    }

    /// Decodes with `JSONSerialization` only, converts and validates.
    func buildWithFoundation(from data: Data) throws(CompilerError) -> GraphQLSchema {
        try build(root: IntrospectionJSONNode(value: try decode(data), path: .root, file: file))
    }

    /// Converts and validates the decoded document `root`.
    private func build<Node: IntrospectionJSONReading>(root: Node) throws(CompilerError) -> GraphQLSchema {
        let schemaNode = try (root.member("data") ?? root).required("__schema")
        let start = SchemaSourceParsing.start(of: file)

        var found: [Diagnostic] = []
        var listed: Set<String> = []
        var types: [SchemaType] = []
        for typeNode in try schemaNode.required("types").elements() {
            let name = try typeNode.required("name").string()
            listed.insert(name)
            // The introspection types, which the result lists but the schema model leaves out.
            if SchemaTolerance.introspectionTypeNames.contains(name) { continue }
            // A built-in scalar listed as another kind: graphql-js uses its own scalar of that name.
            let kind = try typeNode.required("kind").string()
            if kind != "SCALAR", let scalar = BuiltInDefinitions.scalars.first(where: { $0.name == name }) {
                found.append(
                    SchemaTolerance.builtInScalarRedefinition(
                        name, as: "a type of kind \(kind)", at: start, isStrict: options.isStrict))
                types.append(.scalar(scalar))
                continue
            }
            types.append(try convertType(typeNode, name: name))
        }
        var directives = try (schemaNode.member("directives")?.elements() ?? []).map { node throws(CompilerError) in
            try convertDirective(node)
        }
        if !options.isStrict {
            var duplicates = IntrospectionDuplicates(location: start)
            types = duplicates.repairing(types)
            directives = duplicates.repairing(directives)
            found += duplicates.warnings
        }
        found += Self.unlistedBuiltInScalars(types: types, directives: directives, listed: listed, at: start)

        let definedNames = Set(types.map(\.name))
        types += BuiltInDefinitions.scalars.filter { !definedNames.contains($0.name) }.map { .scalar($0) }
        let declared = Set(directives.map(\.name))
        if !options.isStrict {
            let resolved = IntrospectionTypeReferences.resolving(
                types: types, directives: directives, listed: listed, fallback: start)
            types = resolved.types
            found += resolved.warnings
        }
        // Added after the references are resolved: they may refer to a type no schema lists (`CatchTo`).
        directives += BuiltInDefinitions.implicitDirectives(options: options).filter { !declared.contains($0.name) }

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
        found = schema.warnings + found
        found += SchemaValidator.validate(
            schema,
            source: SchemaValidationSource(schemaLocation: start, fallbackLocation: start, isStrict: options.isStrict))
        if found.contains(where: { $0.severity == .error }) { throw CompilerError(found) }
        return schema.replacing(warnings: found)
    }

    /// References to built-in scalars that the result does not list in `types`: graphql-js resolves every reference
    /// through `types` only, and fails on these ("Invalid or incomplete schema, unknown type").
    static func unlistedBuiltInScalars(
        types: [SchemaType],
        directives: [SchemaDirective],
        listed: Set<String>,
        at location: SourceLocation
    ) -> [Diagnostic] {
        var reported: Set<String> = []
        let isUnlistedBuiltIn = { (name: String) in
            BuiltInDefinitions.scalarNames.contains(name) && !listed.contains(name)
        }
        return SchemaTypeReference.all(in: types, directives: directives, to: isUnlistedBuiltIn).compactMap {
            reference in
            guard reported.insert(reference.name).inserted else { return nil }
            return Diagnostic(
                .error,
                "Unknown type \"\(reference.name)\" in \(reference.referrer): the introspection result does not list "
                    + "it in \"types\", and graphql-js finds every type there. Use the complete result of an "
                    + "introspection query.",
                at: [location], rule: "KnownTypeNames")
        }
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

    private func rootTypeName<Node: IntrospectionJSONReading>(
        _ schemaNode: Node, _ key: StaticString
    ) throws(CompilerError) -> String? {
        try schemaNode.member(key)?.required("name").string()
    }
}
