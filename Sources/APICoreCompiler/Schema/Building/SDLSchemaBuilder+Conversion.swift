/// Turning merged SDL definitions into the schema model. Every model element is located at its name.
extension SDLSchemaBuilder {
    /// The model of one type definition, its extensions already merged in.
    func convert(_ definition: TypeDefinition) -> SchemaType {
        let name = definition.name.value
        let description = definition.description?.value
        let directives = definition.directives
        let location = definition.name.location
        switch definition.kind {
        case .scalar:
            return .scalar(
                ScalarType(
                    name: name, description: description, specifiedByURL: Self.specifiedByURL(in: directives),
                    directives: directives, location: location))
        case .object(let interfaces, let fields):
            return .object(
                ObjectType(
                    name: name, description: description, interfaces: interfaces.map(\.value),
                    fields: fields.map(convert), directives: directives, location: location))
        case .interface(let interfaces, let fields):
            return .interface(
                InterfaceType(
                    name: name, description: description, interfaces: interfaces.map(\.value),
                    fields: fields.map(convert), directives: directives, location: location))
        case .union(let members):
            return .union(
                UnionType(
                    name: name, description: description, members: members.map(\.value), directives: directives,
                    location: location))
        case .enumeration(let values):
            return .enumeration(
                EnumType(
                    name: name, description: description, values: values.map(convert), directives: directives,
                    location: location))
        case .inputObject(let fields):
            return .inputObject(
                InputObjectType(
                    name: name, description: description, fields: fields.map(convert), directives: directives,
                    isOneOf: !ignoredOneOf.contains(name) && directives.contains { $0.name.value == "oneOf" },
                    location: location))
        }
    }

    /// The model of a directive definition; unknown locations are reported and left out.
    mutating func convert(_ definition: DirectiveDefinition) -> SchemaDirective {
        var locations: Set<DirectiveLocation> = []
        for name in definition.locations {
            if let location = DirectiveLocation(rawValue: name.value) {
                locations.insert(location)
            } else {
                let hint =
                    NameSuggestions.didYouMean(name.value, among: DirectiveLocation.allCases.map(\.rawValue))
                    ?? "Use one of \(DirectiveLocation.allCases.map(\.rawValue).joined(separator: ", "))."
                report(
                    "Unknown directive location \"\(name.value)\" in the definition of \"@\(definition.name.value)\". "
                        + hint,
                    at: name.location, rule: "KnownDirectiveLocations")
            }
        }
        return SchemaDirective(
            name: definition.name.value,
            description: definition.description?.value,
            arguments: definition.arguments.map(convert),
            locations: locations,
            isRepeatable: definition.isRepeatable,
            location: definition.name.location)
    }

    func convert(_ field: FieldDefinition) -> SchemaField {
        SchemaField(
            name: field.name.value,
            description: field.description?.value,
            arguments: field.arguments.map(convert),
            type: field.type,
            deprecationReason: deprecationReason(in: field.directives),
            directives: field.directives,
            location: field.name.location)
    }

    func convert(_ value: InputValueDefinition) -> SchemaInputValue {
        SchemaInputValue(
            name: value.name.value,
            description: value.description?.value,
            type: value.type,
            defaultValue: value.defaultValue,
            deprecationReason: deprecationReason(in: value.directives),
            directives: value.directives,
            location: value.name.location)
    }

    func convert(_ value: EnumValueDefinition) -> SchemaEnumValue {
        SchemaEnumValue(
            name: value.name.value,
            description: value.description?.value,
            deprecationReason: deprecationReason(in: value.directives),
            directives: value.directives,
            location: value.name.location)
    }

    /// The reason of an applied `@deprecated`, its default when the reason is left out, `nil` when not deprecated.
    /// Outside a strict build, `@deprecated(reason: null)` is not deprecated, as graphql-js reads it.
    func deprecationReason(in directives: [Directive]) -> String? {
        guard let deprecated = directives.first(where: { $0.name.value == "deprecated" }) else { return nil }
        let reason = deprecated.arguments.first { $0.name.value == "reason" }
        switch reason?.value.kind {
        case .string(let text, _)?: return text
        case .null? where !options.isStrict: return nil
        default: return BuiltInDefinitions.defaultDeprecationReason
        }
    }

    /// The URL of an applied `@specifiedBy(url:)`.
    static func specifiedByURL(in directives: [Directive]) -> String? {
        guard let specifiedBy = directives.first(where: { $0.name.value == "specifiedBy" }) else { return nil }
        let url = specifiedBy.arguments.first { $0.name.value == "url" }
        if case .string(let text, _)? = url?.value.kind { return text }
        return nil
    }
}
