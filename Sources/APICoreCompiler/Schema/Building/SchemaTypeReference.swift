/// A named type that a schema element refers to: the type of a field, argument or input field, an implemented
/// interface, a union member, a root type.
struct SchemaTypeReference {
    /// What refers to a type, kept as its parts: the words are only needed for a message, and a schema has tens of
    /// thousands of references that never appear in one.
    enum Referrer {
        case field(type: String, field: String)
        case argument(type: String, field: String, argument: String)
        case inputField(type: String, field: String)
        case directiveArgument(directive: String, argument: String)
        case interfaces(of: String)
        case members(of: String)
        case described(String)

        /// The words for a message.
        var description: String {
            switch self {
            case .field(let type, let field): "field \"\(type).\(field)\""
            case .argument(let type, let field, let argument): "argument \"\(type).\(field)(\(argument):)\""
            case .inputField(let type, let field): "input field \"\(type).\(field)\""
            case .directiveArgument(let directive, let argument): "argument \"@\(directive)(\(argument):)\""
            case .interfaces(let type): "the interfaces of \"\(type)\""
            case .members(let type): "the members of \"\(type)\""
            case .described(let words): words
            }
        }
    }

    /// The named type.
    let name: String
    /// What refers to it.
    let referredFrom: Referrer
    /// Where the reference is written (`.unknown` for introspection).
    let location: SourceLocation

    /// What refers to it, for messages: `field "Query.a"`, `argument "@cached(ttl:)"`, `the members of "Pet"`.
    var referrer: String { referredFrom.description }

    /// Every reference of `types` and `directives` to a type whose name `isWanted`, in order. Most callers look
    /// for a few names among tens of thousands of references, so the others are never built.
    static func all(
        in types: [SchemaType],
        directives: [SchemaDirective],
        to isWanted: (String) -> Bool = { _ in true }
    ) -> [SchemaTypeReference] {
        var references: [SchemaTypeReference] = []
        for type in types {
            let name = type.name
            switch type {
            case .object(let object):
                references += of(object.fields, in: name, to: isWanted)
                references += object.interfaces.filter(isWanted).map {
                    .init(name: $0, referrer: .interfaces(of: name), at: object.location)
                }
            case .interface(let interface):
                references += of(interface.fields, in: name, to: isWanted)
                references += interface.interfaces.filter(isWanted).map {
                    .init(name: $0, referrer: .interfaces(of: name), at: interface.location)
                }
            case .union(let union):
                references += union.members.filter(isWanted).map {
                    .init(name: $0, referrer: .members(of: name), at: union.location)
                }
            case .inputObject(let inputObject):
                references += inputObject.fields.filter { isWanted($0.type.namedType.value) }.map {
                    .init($0.type, .inputField(type: name, field: $0.name), $0.location)
                }
            case .scalar, .enumeration:
                break
            }
        }
        for directive in directives {
            references += directive.arguments.filter { isWanted($0.type.namedType.value) }.map {
                .init($0.type, .directiveArgument(directive: directive.name, argument: $0.name), $0.location)
            }
        }
        return references
    }

    init(name: String, referrer: Referrer, at location: SourceLocation) {
        self.name = name
        self.referredFrom = referrer
        self.location = location
    }

    /// The reference a type reference ends in, located at its name when known, else at `fallback`.
    private init(_ type: TypeReference, _ referrer: Referrer, _ fallback: SourceLocation) {
        let named = type.namedType
        self.init(
            name: named.value, referrer: referrer,
            at: SchemaDiagnostics.isKnown(named.location) ? named.location : fallback)
    }

    private static func of(
        _ fields: [SchemaField], in typeName: String, to isWanted: (String) -> Bool
    ) -> [SchemaTypeReference] {
        var references: [SchemaTypeReference] = []
        for field in fields {
            if isWanted(field.type.namedType.value) {
                references.append(.init(field.type, .field(type: typeName, field: field.name), field.location))
            }
            for argument in field.arguments where isWanted(argument.type.namedType.value) {
                references.append(
                    .init(
                        argument.type, .argument(type: typeName, field: field.name, argument: argument.name),
                        argument.location))
            }
        }
        return references
    }
}
