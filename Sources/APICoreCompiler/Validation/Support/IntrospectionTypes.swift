/// The introspection types of section 4 of the specification (working draft), as schema types.
enum IntrospectionTypes {
    /// `__Schema`, `__Type`, `__Field`, `__InputValue`, `__EnumValue`, `__Directive`, `__TypeKind` and
    /// `__DirectiveLocation`.
    static let all: [SchemaType] = [
        .object(schema), .object(type), .object(field), .object(inputValue), .object(enumValue), .object(directive),
        .enumeration(typeKind), .enumeration(directiveLocation),
    ]

    /// Whether `type` is one of these built-in types itself, rather than a schema's own type of the same name.
    static func isBuiltIn(_ type: SchemaType) -> Bool {
        switch type {
        case .object(let object):
            [schema, Self.type, field, inputValue, enumValue, directive].contains { $0 === object }
        case .enumeration(let enumeration): enumeration === typeKind || enumeration === directiveLocation
        default: false
        }
    }

    private typealias B = ValidationBuiltIns

    private static let includeDeprecated = [
        SchemaInputValue(name: "includeDeprecated", type: B.named("Boolean"), defaultValue: Value(.boolean(false)))
    ]

    private static let schema = ObjectType(
        name: "__Schema",
        fields: [
            SchemaField(name: "description", type: B.named("String")),
            SchemaField(name: "types", type: B.nonNullList("__Type")),
            SchemaField(name: "queryType", type: B.nonNull("__Type")),
            SchemaField(name: "mutationType", type: B.named("__Type")),
            SchemaField(name: "subscriptionType", type: B.named("__Type")),
            SchemaField(name: "directives", type: B.nonNullList("__Directive")),
        ])

    private static let type = ObjectType(
        name: "__Type",
        fields: [
            SchemaField(name: "kind", type: B.nonNull("__TypeKind")),
            SchemaField(name: "name", type: B.named("String")),
            SchemaField(name: "description", type: B.named("String")),
            SchemaField(name: "specifiedByURL", type: B.named("String")),
            SchemaField(name: "fields", arguments: includeDeprecated, type: list("__Field")),
            SchemaField(name: "interfaces", type: list("__Type")),
            SchemaField(name: "possibleTypes", type: list("__Type")),
            SchemaField(name: "enumValues", arguments: includeDeprecated, type: list("__EnumValue")),
            SchemaField(name: "inputFields", arguments: includeDeprecated, type: list("__InputValue")),
            SchemaField(name: "ofType", type: B.named("__Type")),
            SchemaField(name: "isOneOf", type: B.named("Boolean")),
        ])

    private static let field = ObjectType(
        name: "__Field",
        fields: [
            SchemaField(name: "name", type: B.nonNull("String")),
            SchemaField(name: "description", type: B.named("String")),
            SchemaField(name: "args", arguments: includeDeprecated, type: B.nonNullList("__InputValue")),
            SchemaField(name: "type", type: B.nonNull("__Type")),
            SchemaField(name: "isDeprecated", type: B.nonNull("Boolean")),
            SchemaField(name: "deprecationReason", type: B.named("String")),
        ])

    private static let inputValue = ObjectType(
        name: "__InputValue",
        fields: [
            SchemaField(name: "name", type: B.nonNull("String")),
            SchemaField(name: "description", type: B.named("String")),
            SchemaField(name: "type", type: B.nonNull("__Type")),
            SchemaField(name: "defaultValue", type: B.named("String")),
            SchemaField(name: "isDeprecated", type: B.nonNull("Boolean")),
            SchemaField(name: "deprecationReason", type: B.named("String")),
        ])

    private static let enumValue = ObjectType(
        name: "__EnumValue",
        fields: [
            SchemaField(name: "name", type: B.nonNull("String")),
            SchemaField(name: "description", type: B.named("String")),
            SchemaField(name: "isDeprecated", type: B.nonNull("Boolean")),
            SchemaField(name: "deprecationReason", type: B.named("String")),
        ])

    private static let directive = ObjectType(
        name: "__Directive",
        fields: [
            SchemaField(name: "name", type: B.nonNull("String")),
            SchemaField(name: "description", type: B.named("String")),
            SchemaField(name: "locations", type: B.nonNullList("__DirectiveLocation")),
            SchemaField(name: "args", arguments: includeDeprecated, type: B.nonNullList("__InputValue")),
            SchemaField(name: "isRepeatable", type: B.nonNull("Boolean")),
        ])

    private static let typeKind = EnumType(
        name: "__TypeKind",
        values: ["SCALAR", "OBJECT", "INTERFACE", "UNION", "ENUM", "INPUT_OBJECT", "LIST", "NON_NULL"].map {
            SchemaEnumValue(name: $0)
        })

    private static let directiveLocation = EnumType(
        name: "__DirectiveLocation", values: DirectiveLocation.allCases.map { SchemaEnumValue(name: $0.rawValue) })

    /// A nullable list of non-null named types: `[T!]`.
    private static func list(_ name: String) -> TypeReference { .list(B.nonNull(name), location: .unknown) }
}
