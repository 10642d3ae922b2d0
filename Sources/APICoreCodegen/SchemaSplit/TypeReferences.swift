import APICoreCompiler

/// The named types a type definition (or a root field) refers to, each with the place that refers to it.
enum TypeReferences {
    /// One reference: the type named, and the element naming it (`Issue.author`, `Issue.comments(orderBy:)`,
    /// `Issue implements Node`, `SearchResult member Issue`).
    struct Reference {
        var name: String
        var via: String
    }

    static func of(_ type: SchemaType) -> [Reference] {
        switch type {
        case .object(let object):
            return object.interfaces.map { Reference(name: $0, via: "\(object.name) implements \($0)") }
                + object.fields.flatMap { of($0, in: object.name) }
        case .interface(let interface):
            return interface.interfaces.map { Reference(name: $0, via: "\(interface.name) implements \($0)") }
                + interface.fields.flatMap { of($0, in: interface.name) }
        case .union(let union):
            return union.members.map { Reference(name: $0, via: "\(union.name) member \($0)") }
        case .inputObject(let input):
            return input.fields.map { Reference(name: $0.type.namedType.value, via: "\(input.name).\($0.name)") }
        case .scalar, .enumeration:
            return []
        }
    }

    static func of(_ field: SchemaField, in typeName: String) -> [Reference] {
        [Reference(name: field.type.namedType.value, via: "\(typeName).\(field.name)")]
            + field.arguments.map {
                Reference(name: $0.type.namedType.value, via: "\(typeName).\(field.name)(\($0.name):)")
            }
    }

    static func of(_ directive: SchemaDirective) -> [Reference] {
        directive.arguments.map {
            Reference(name: $0.type.namedType.value, via: "@\(directive.name)(\($0.name):)")
        }
    }

    /// The string value of argument `argument` of the applied directive `name`, with where the directive is.
    static func stringArgument(
        _ argument: String, of name: String, in directives: [Directive]
    ) -> (value: String, location: SourceLocation)? {
        guard let directive = directives.first(where: { $0.name.value == name }),
            let value = directive.arguments.first(where: { $0.name.value == argument })?.value,
            case .string(let text, _) = value.kind
        else { return nil }
        return (text, directive.location)
    }
}
