/// Definitions the build leaves out, the built-in type of their name used instead, as graphql-js does (its
/// `stdTypeMap[name] ?? buildType(node)`): SDL copies of the introspection types (outside a strict build, which reports
/// their reserved names) and definitions named like a built-in scalar that are not scalars (`type Int { ... }`: a
/// warning, or an error in a strict build). Their contents are still validated (``SchemaValidator/validateIgnored``).
extension SDLSchemaBuilder {
    /// Whether the build leaves out a definition of `name` of `kind`.
    func isIgnored(_ name: String, kind: TypeDefinition.Kind) -> Bool {
        if !options.isStrict && SchemaTolerance.introspectionTypeNames.contains(name) { return true }
        if case .scalar = kind { return false }
        return BuiltInDefinitions.scalarNames.contains(name)
    }

    /// Whether a definition or extension becomes part of the schema: not ignored, and for an extension, extending a
    /// definition that is not ignored.
    func isBuilt(_ definition: TypeDefinition) -> Bool {
        let name = definition.name.value
        guard definition.isExtension else { return !isIgnored(name, kind: definition.kind) }
        guard let index = typeIndex[name] else { return false }
        return !isIgnored(name, kind: typeDefinitions[index].kind)
    }

    /// Splits the merged definitions into those the schema is built from and those it ignores, reporting each ignored
    /// one. A name defined twice where one definition is ignored is reported here, and only its first definition is
    /// kept: the validator, which finds the other duplicates, does not see ignored definitions.
    mutating func partitionDefinitions() -> (kept: [TypeDefinition], ignored: [TypeDefinition]) {
        let namesWithIgnored = Set(
            typeDefinitions.filter { isIgnored($0.name.value, kind: $0.kind) }.map(\.name.value))
        var kept: [TypeDefinition] = []
        var ignored: [TypeDefinition] = []
        var first: [String: SourceLocation] = [:]
        for definition in typeDefinitions {
            let name = definition.name.value
            if namesWithIgnored.contains(name) {
                if let earlier = first[name] {
                    report(
                        "There can be only one type named \"\(name)\".", at: definition.name.location,
                        related: [earlier], rule: "UniqueTypeNames")
                    continue
                }
                first[name] = definition.name.location
            }
            guard isIgnored(name, kind: definition.kind) else {
                kept.append(definition)
                continue
            }
            ignored.append(definition)
            if SchemaTolerance.introspectionTypeNames.contains(name) {
                diagnostics.append(
                    SchemaTolerance.ignoredIntrospectionType(name, isExtension: false, at: definition.location))
            } else {
                // The kind is named from the definition's model, in the words the validator uses.
                let kind = SchemaValidationContext.kindPhrase(convert(definition))
                diagnostics.append(
                    SchemaTolerance.builtInScalarRedefinition(
                        name, as: kind, at: definition.name.location, isStrict: options.isStrict))
            }
        }
        return (kept, ignored)
    }
}
