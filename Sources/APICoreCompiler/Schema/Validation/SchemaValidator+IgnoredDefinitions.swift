/// Definitions a build leaves out because the built-in type of that name replaces them (SDL copies of the
/// introspection types, `type Int { ... }`). graphql-js applies its SDL rules to the whole document before it discards
/// them, so their names must be unique and known, and their directives known, allowed where they are, not repeated,
/// with known, unique and required arguments. The values of those arguments are never read, so they are not checked.
extension SchemaValidator {
    /// The problems of `types`, which `schema` leaves out, checked against the types and directives of `schema` (and
    /// the introspection types, which SDL may name).
    static func validateIgnored(
        _ types: [SchemaType],
        in schema: GraphQLSchema,
        source: SchemaValidationSource
    ) -> [Diagnostic] {
        var context = SchemaValidationContext(schema: schema.addingIntrospectionTypes(), source: source)
        context.checksArgumentValues = false
        for type in types {
            checkUniqueMemberNames(of: type, &context)
            checkKnownTypeNames(in: type, &context)
            checkAppliedDirectives(of: type, &context)
        }
        return SchemaDiagnostics.ordered(context.diagnostics)
    }

    /// Reports the type names `type` refers to that the schema lacks.
    private static func checkKnownTypeNames(in type: SchemaType, _ context: inout SchemaValidationContext) {
        let name = type.name
        switch type {
        case .object(let object):
            checkKnownTypeNames(object.fields, of: name, &context)
            checkKnownNames(object.interfaces, in: "the interfaces of \"\(name)\"", at: object.location, &context)
        case .interface(let interface):
            checkKnownTypeNames(interface.fields, of: name, &context)
            checkKnownNames(interface.interfaces, in: "the interfaces of \"\(name)\"", at: interface.location, &context)
        case .union(let union):
            checkKnownNames(union.members, in: "the members of \"\(name)\"", at: union.location, &context)
        case .inputObject(let inputObject):
            for field in inputObject.fields {
                _ = context.resolve(field.type, of: "input field \"\(name).\(field.name)\"", at: field.location)
            }
        case .scalar, .enumeration:
            break
        }
    }

    private static func checkKnownTypeNames(
        _ fields: [SchemaField],
        of typeName: String,
        _ context: inout SchemaValidationContext
    ) {
        for field in fields {
            _ = context.resolve(field.type, of: "field \"\(typeName).\(field.name)\"", at: field.location)
            for argument in field.arguments {
                _ = context.resolve(
                    argument.type, of: "argument \"\(typeName).\(field.name)(\(argument.name):)\"",
                    at: argument.location)
            }
        }
    }

    private static func checkKnownNames(
        _ names: [String],
        in what: String,
        at location: SourceLocation,
        _ context: inout SchemaValidationContext
    ) {
        for name in names {
            _ = context.resolve(.named(Name(name)), of: what, at: location)
        }
    }
}
