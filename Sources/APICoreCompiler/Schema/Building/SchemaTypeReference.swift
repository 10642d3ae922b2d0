/// A named type that a schema element refers to: the type of a field, argument or input field, an implemented
/// interface, a union member, a root type.
struct SchemaTypeReference {
    /// The named type.
    let name: String
    /// What refers to it, for messages: `field "Query.a"`, `argument "@cached(ttl:)"`, `the members of "Pet"`.
    let referrer: String
    /// Where the reference is written (`.unknown` for introspection).
    let location: SourceLocation

    /// Every reference of `types` and `directives`, in order.
    static func all(in types: [SchemaType], directives: [SchemaDirective]) -> [SchemaTypeReference] {
        var references: [SchemaTypeReference] = []
        for type in types {
            let name = type.name
            switch type {
            case .object(let object):
                references += of(object.fields, in: name)
                references += object.interfaces.map {
                    .init(name: $0, referrer: "the interfaces of \"\(name)\"", at: object.location)
                }
            case .interface(let interface):
                references += of(interface.fields, in: name)
                references += interface.interfaces.map {
                    .init(name: $0, referrer: "the interfaces of \"\(name)\"", at: interface.location)
                }
            case .union(let union):
                references += union.members.map {
                    .init(name: $0, referrer: "the members of \"\(name)\"", at: union.location)
                }
            case .inputObject(let inputObject):
                references += inputObject.fields.map {
                    .init($0.type, "input field \"\(name).\($0.name)\"", $0.location)
                }
            case .scalar, .enumeration:
                break
            }
        }
        for directive in directives {
            references += directive.arguments.map {
                .init($0.type, "argument \"@\(directive.name)(\($0.name):)\"", $0.location)
            }
        }
        return references
    }

    init(name: String, referrer: String, at location: SourceLocation) {
        self.name = name
        self.referrer = referrer
        self.location = location
    }

    /// The reference a type reference ends in, located at its name when known, else at `fallback`.
    private init(_ type: TypeReference, _ referrer: String, _ fallback: SourceLocation) {
        let named = type.namedType
        self.init(
            name: named.value, referrer: referrer,
            at: SchemaDiagnostics.isKnown(named.location) ? named.location : fallback)
    }

    private static func of(_ fields: [SchemaField], in typeName: String) -> [SchemaTypeReference] {
        fields.flatMap { field in
            [.init(field.type, "field \"\(typeName).\(field.name)\"", field.location)]
                + field.arguments.map {
                    .init($0.type, "argument \"\(typeName).\(field.name)(\($0.name):)\"", $0.location)
                }
        }
    }
}
