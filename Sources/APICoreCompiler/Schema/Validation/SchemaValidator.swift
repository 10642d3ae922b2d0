/// Checks a schema against the type-system rules of the GraphQL specification (section 3): unique and unreserved
/// names, known types of the right kind, root types, fields and members present, interface implementations, directive
/// definitions and the directives applied in the schema, input objects with finite values, and default values.
///
/// The builders run it and throw when it finds errors, so a built ``GraphQLSchema`` already passed. Run it yourself on
/// a schema assembled in code. Every diagnostic is located at the offending definition; for duplicates, the second
/// definition comes first and the first is the related location.
public enum SchemaValidator {
    /// The problems of `schema`, in source order.
    public static func validate(_ schema: GraphQLSchema) -> [Diagnostic] {
        validate(schema, source: SchemaValidationSource())
    }

    /// The problems of `schema`, located with what the builder knows about the sources.
    static func validate(_ schema: GraphQLSchema, source: SchemaValidationSource) -> [Diagnostic] {
        var context = SchemaValidationContext(schema: schema, source: source)
        checkUniqueNames(&context)
        checkRootTypes(&context)
        for type in schema.types where !IntrospectionTypes.isBuiltIn(type) {
            checkType(type, &context)
        }
        checkDirectiveDefinitions(&context)
        checkAppliedDirectives(&context)
        checkInputObjectCycles(&context)
        return SchemaDiagnostics.ordered(context.diagnostics)
    }

    /// Dispatches the checks of one named type.
    static func checkType(_ type: SchemaType, _ context: inout SchemaValidationContext) {
        context.checkName(type.name, of: "type \"\(type.name)\"", at: type.location)
        switch type {
        case .scalar:
            break
        case .object(let object):
            checkFields(object.fields, of: object.name, kind: "Object type", at: object.location, &context)
            checkImplementations(of: type, interfaces: object.interfaces, &context)
        case .interface(let interface):
            checkFields(interface.fields, of: interface.name, kind: "Interface", at: interface.location, &context)
            checkImplementations(of: type, interfaces: interface.interfaces, &context)
        case .union(let union):
            checkUnion(union, &context)
        case .enumeration(let enumeration):
            checkEnum(enumeration, &context)
        case .inputObject(let inputObject):
            checkInputObject(inputObject, &context)
        }
    }
}

/// What a builder knows about where a schema came from, for locating diagnostics the model alone cannot place, and how
/// it reads the schema.
struct SchemaValidationSource {
    /// Where each root operation type was named in a schema definition.
    var rootTypeLocations: [OperationKind: SourceLocation] = [:]
    /// The schema definition, or the place to report schema-wide problems.
    var schemaLocation: SourceLocation = .unknown
    /// What replaces unknown locations (elements built from introspection): the start of the input file.
    var fallbackLocation: SourceLocation = .unknown
    /// Whether what graphql-js 16 builds against the specification's rules is an error
    /// (``SchemaBuildOptions/isStrict``) rather than a warning. A schema validated on its own is checked strictly.
    var isStrict = true
}

/// Ordering and relocation of schema diagnostics.
enum SchemaDiagnostics {
    /// The diagnostics sorted by file, line and column; equal places keep their order.
    static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated()
            .sorted { lhs, rhs in
                let (left, right) = (lhs.element.locations.first, rhs.element.locations.first)
                let leftKey = (left?.file ?? "", left?.line ?? 0, left?.column ?? 0)
                let rightKey = (right?.file ?? "", right?.line ?? 0, right?.column ?? 0)
                return leftKey != rightKey ? leftKey < rightKey : lhs.offset < rhs.offset
            }
            .map(\.element)
    }

    /// Whether a location is a real place rather than a placeholder.
    static func isKnown(_ location: SourceLocation) -> Bool {
        location.line > 0
    }
}
