// The same named type with other members, for the builders' repairs (which build new immutable types).

extension InputObjectType {
    /// The type with `fields` instead of its own.
    func replacing(fields: [SchemaInputValue]) -> InputObjectType {
        InputObjectType(
            name: name, description: description, fields: fields, directives: directives, isOneOf: isOneOf,
            location: location)
    }
}

extension EnumType {
    /// The type with `values` instead of its own.
    func replacing(values: [SchemaEnumValue]) -> EnumType {
        EnumType(name: name, description: description, values: values, directives: directives, location: location)
    }
}

extension SchemaField {
    /// The field with `arguments` instead of its own.
    func replacing(arguments: [SchemaInputValue]) -> SchemaField {
        SchemaField(
            name: name, description: description, arguments: arguments, type: type,
            deprecationReason: deprecationReason, directives: directives, location: location)
    }
}

extension SchemaDirective {
    /// The directive with `arguments` instead of its own.
    func replacing(arguments: [SchemaInputValue]) -> SchemaDirective {
        SchemaDirective(
            name: name, description: description, arguments: arguments, locations: locations,
            isRepeatable: isRepeatable, location: location)
    }
}

extension SchemaType {
    /// An object or interface type with the fields `replace` gives for its fields and name, or the type as it is when
    /// `replace` gives `nil` or the type has no fields.
    func replacingFields(_ replace: ([SchemaField], _ typeName: String) -> [SchemaField]?) -> SchemaType {
        switch self {
        case .object(let object):
            replace(object.fields, object.name).map { .object(object.replacing(fields: $0)) } ?? self
        case .interface(let interface):
            replace(interface.fields, interface.name).map { .interface(interface.replacing(fields: $0)) } ?? self
        default:
            self
        }
    }
}
