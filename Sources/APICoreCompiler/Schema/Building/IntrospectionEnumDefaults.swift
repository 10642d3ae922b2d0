/// Repairs default values that an introspection result writes with enum values as strings.
///
/// Some servers (GitHub's, built on graphql-ruby, until 2021) serialized enum defaults as JSON strings, e.g.
/// `affiliations` defaulting to `["OWNER", "COLLABORATOR"]`. Read literally, those are strings, which an enum does not
/// accept; the server means its enum values. Where a string names a value of the expected enum, it is read as that
/// value, with a warning. SDL gets no such leniency: there the author wrote the quotes.
struct IntrospectionEnumDefaults {
    let typesByName: [String: SchemaType]
    let location: SourceLocation
    private(set) var warnings: [Diagnostic] = []

    init(types: [SchemaType], location: SourceLocation) {
        typesByName = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.location = location
    }

    /// The types with their defaults repaired; types without such defaults are returned as they are.
    mutating func repair(_ types: [SchemaType]) -> [SchemaType] {
        types.map { type in
            switch type {
            case .object(let object):
                guard let fields = repair(object.fields, of: object.name) else { return type }
                return .object(
                    ObjectType(
                        name: object.name, description: object.description, interfaces: object.interfaces,
                        fields: fields, directives: object.directives, location: object.location))
            case .interface(let interface):
                guard let fields = repair(interface.fields, of: interface.name) else { return type }
                return .interface(
                    InterfaceType(
                        name: interface.name, description: interface.description, interfaces: interface.interfaces,
                        fields: fields, directives: interface.directives, location: interface.location))
            case .inputObject(let input):
                guard let fields = repair(input.fields, coordinate: { "input field \"\(input.name).\($0)\"" })
                else { return type }
                return .inputObject(
                    InputObjectType(
                        name: input.name, description: input.description, fields: fields,
                        directives: input.directives, location: input.location))
            default:
                return type
            }
        }
    }

    /// The directives with their arguments' defaults repaired.
    mutating func repair(_ directives: [SchemaDirective]) -> [SchemaDirective] {
        directives.map { directive in
            guard let arguments = repair(directive.arguments, coordinate: { "argument \"@\(directive.name)(\($0):)\"" })
            else { return directive }
            return SchemaDirective(
                name: directive.name, description: directive.description, arguments: arguments,
                locations: directive.locations, isRepeatable: directive.isRepeatable, location: directive.location)
        }
    }

    private mutating func repair(_ fields: [SchemaField], of typeName: String) -> [SchemaField]? {
        var changed = false
        let repaired = fields.map { field in
            let coordinate = { (name: String) in "argument \"\(typeName).\(field.name)(\(name):)\"" }
            guard let arguments = repair(field.arguments, coordinate: coordinate) else { return field }
            changed = true
            return SchemaField(
                name: field.name, description: field.description, arguments: arguments, type: field.type,
                deprecationReason: field.deprecationReason, directives: field.directives, location: field.location)
        }
        return changed ? repaired : nil
    }

    private mutating func repair(
        _ values: [SchemaInputValue],
        coordinate: (String) -> String
    ) -> [SchemaInputValue]? {
        var changed = false
        let repaired = values.map { value in
            guard let defaultValue = value.defaultValue, let fixed = fixedValue(defaultValue, as: value.type) else {
                return value
            }
            changed = true
            warnings.append(
                Diagnostic(
                    .warning,
                    "The default value of \(coordinate(value.name)) writes enum values as strings "
                        + "(\(ConstantValueChecker.describe(defaultValue))); they are read as enum values.",
                    at: [location], rule: "IntrospectionEnumDefaults"))
            return SchemaInputValue(
                name: value.name, description: value.description, type: value.type, defaultValue: fixed,
                deprecationReason: value.deprecationReason, directives: value.directives, location: value.location)
        }
        return changed ? repaired : nil
    }

    /// `value` with strings that name values of the expected enums turned into those values; `nil` when unchanged.
    private func fixedValue(_ value: Value, as type: TypeReference) -> Value? {
        switch (type, value.kind) {
        case (.nonNull(let inner, _), _):
            return fixedValue(value, as: inner)
        case (.list(let inner, _), .list(let items)):
            let fixed = items.map { fixedValue($0, as: inner) }
            guard fixed.contains(where: { $0 != nil }) else { return nil }
            return Value(.list(zip(items, fixed).map { $1 ?? $0 }), location: value.location)
        case (.list(let inner, _), _):
            return fixedValue(value, as: inner)
        case (.named(let name), .string(let text, _)):
            guard case .enumeration(let enumeration)? = typesByName[name.value], enumeration.hasValue(text) else {
                return nil
            }
            return Value(.enumValue(text), location: value.location)
        case (.named(let name), .object(let members)):
            guard case .inputObject(let input)? = typesByName[name.value] else { return nil }
            let fixed = members.map { member in
                input.field(named: member.name.value).flatMap { fixedValue(member.value, as: $0.type) }
            }
            guard fixed.contains(where: { $0 != nil }) else { return nil }
            return Value(
                .object(
                    zip(members, fixed).map { member, value in
                        Argument(name: member.name, value: value ?? member.value, location: member.location)
                    }),
                location: value.location)
        default:
            return nil
        }
    }
}
