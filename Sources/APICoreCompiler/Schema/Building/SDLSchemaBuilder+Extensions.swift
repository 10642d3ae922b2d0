/// Applying `extend type`, `extend interface`, `extend union`, `extend enum`, `extend input` and `extend scalar`.
///
/// Outside a strict build, an `@oneOf` that only an extension applies is kept among the directives (and validated
/// there) but does not make the input object a OneOf input object: graphql-js reads `@oneOf` from the definition only.
extension SDLSchemaBuilder {
    /// Merges every type extension into the first definition of its type, in source order.
    mutating func applyExtensions() {
        let oneOfDefinitions = Set(
            typeDefinitions.filter { $0.directives.contains { $0.name.value == "oneOf" } }.map(\.name.value))
        for fileExtension in typeExtensions {
            let name = fileExtension.name.value
            guard let index = typeIndex[name] else {
                let keyword = Self.keyword(of: fileExtension.kind)
                let hint = NameSuggestions.didYouMean(name, among: typeIndex.keys)
                report(
                    "Cannot extend type \"\(name)\" because it is not defined. "
                        + (hint ?? "Define it with \"\(keyword) \(name)\", or correct the name."),
                    at: fileExtension.name.location, rule: "PossibleTypeExtensions")
                continue
            }
            var target = typeDefinitions[index]
            guard let merged = Self.merge(target.kind, with: fileExtension.kind) else {
                let definedKeyword = Self.keyword(of: target.kind)
                report(
                    "\"extend \(Self.keyword(of: fileExtension.kind)) \(name)\" does not match the definition of "
                        + "\"\(name)\" as \"\(definedKeyword)\". Use \"extend \(definedKeyword) \(name)\".",
                    at: fileExtension.name.location, related: [target.name.location], rule: "PossibleTypeExtensions")
                continue
            }
            if !options.isStrict && SchemaTolerance.introspectionTypeNames.contains(name) {
                diagnostics.append(
                    SchemaTolerance.ignoredIntrospectionType(name, isExtension: true, at: fileExtension.location))
            }
            if !options.isStrict, case .inputObject = merged, !oneOfDefinitions.contains(name),
                let oneOf = fileExtension.directives.first(where: { $0.name.value == "oneOf" })
            {
                ignoredOneOf.insert(name)
                diagnostics.append(SchemaTolerance.ignoredOneOfExtension(of: name, at: oneOf.location))
            }
            target.kind = merged
            target.directives += fileExtension.directives
            typeDefinitions[index] = target
        }
    }

    /// The definition kind with an extension's members appended, or `nil` when the kinds differ.
    static func merge(_ kind: TypeDefinition.Kind, with addition: TypeDefinition.Kind) -> TypeDefinition.Kind? {
        switch (kind, addition) {
        case (.scalar, .scalar):
            .scalar
        case (.object(let interfaces, let fields), .object(let moreInterfaces, let moreFields)):
            .object(interfaces: interfaces + moreInterfaces, fields: fields + moreFields)
        case (.interface(let interfaces, let fields), .interface(let moreInterfaces, let moreFields)):
            .interface(interfaces: interfaces + moreInterfaces, fields: fields + moreFields)
        case (.union(let members), .union(let moreMembers)):
            .union(members: members + moreMembers)
        case (.enumeration(let values), .enumeration(let moreValues)):
            .enumeration(values: values + moreValues)
        case (.inputObject(let fields), .inputObject(let moreFields)):
            .inputObject(fields: fields + moreFields)
        default:
            nil
        }
    }

    /// The SDL keyword that defines a kind of type.
    static func keyword(of kind: TypeDefinition.Kind) -> String {
        switch kind {
        case .scalar: "scalar"
        case .object: "type"
        case .interface: "interface"
        case .union: "union"
        case .enumeration: "enum"
        case .inputObject: "input"
        }
    }
}
