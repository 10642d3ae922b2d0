// The same named type with other members, for the builders' repairs (which build new immutable types).

extension ObjectType {
    /// The type with `fields` instead of its own.
    func replacing(fields: [SchemaField]) -> ObjectType {
        ObjectType(
            name: name, description: description, interfaces: interfaces, fields: fields, directives: directives,
            location: location)
    }
}

extension InterfaceType {
    /// The type with `fields` instead of its own.
    func replacing(fields: [SchemaField]) -> InterfaceType {
        InterfaceType(
            name: name, description: description, interfaces: interfaces, fields: fields, directives: directives,
            location: location)
    }
}

extension InputObjectType {
    /// The type with `fields` instead of its own.
    func replacing(fields: [SchemaInputValue]) -> InputObjectType {
        InputObjectType(
            name: name, description: description, fields: fields, directives: directives, isOneOf: isOneOf,
            location: location)
    }
}
