/// The types, directives and meta fields every schema has, whether or not a schema value lists them: the five
/// specified scalars, the introspection types, `@skip`, `@include` and the type-system directives, and the meta
/// fields `__typename`, `__schema` and `__type`.
///
/// Validation looks a name up in the schema first and falls back to these: the schema builders leave the
/// introspection types out, and a schema assembled directly from the model may lack the rest.
enum ValidationBuiltIns {
    /// The built-in named types by name.
    static let types: [String: SchemaType] = {
        var types: [String: SchemaType] = [:]
        for name in ["Int", "Float", "String", "Boolean", "ID"] {
            types[name] = .scalar(ScalarType(name: name))
        }
        for type in IntrospectionTypes.all {
            types[type.name] = type
        }
        return types
    }()

    /// The built-in directives by name.
    static let directives: [String: SchemaDirective] = {
        let condition = [SchemaInputValue(name: "if", type: nonNull("Boolean"))]
        let executableConditions: Set<DirectiveLocation> = [.field, .fragmentSpread, .inlineFragment]
        let list = [
            SchemaDirective(name: "skip", arguments: condition, locations: executableConditions),
            SchemaDirective(name: "include", arguments: condition, locations: executableConditions),
            SchemaDirective(
                name: "deprecated",
                arguments: [
                    SchemaInputValue(
                        name: "reason", type: named("String"),
                        defaultValue: Value(.string("No longer supported", isBlock: false)))
                ],
                locations: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue]),
            SchemaDirective(
                name: "specifiedBy", arguments: [SchemaInputValue(name: "url", type: nonNull("String"))],
                locations: [.scalar]),
            SchemaDirective(name: "oneOf", locations: [.inputObject]),
        ]
        return Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })
    }()

    /// `__typename: String!`, selectable on every composite type.
    static let typenameField = SchemaField(name: "__typename", type: nonNull("String"))
    /// `__schema: __Schema!`, selectable on the query root type.
    static let schemaField = SchemaField(name: "__schema", type: nonNull("__Schema"))
    /// `__type(name: String!): __Type`, selectable on the query root type.
    static let typeField = SchemaField(
        name: "__type", arguments: [SchemaInputValue(name: "name", type: nonNull("String"))], type: named("__Type"))

    /// A named type reference.
    static func named(_ name: String) -> TypeReference { .named(Name(name)) }

    /// A non-null named type reference.
    static func nonNull(_ name: String) -> TypeReference { .nonNull(named(name), location: .unknown) }

    /// A non-null list of non-null named types: `[T!]!`.
    static func nonNullList(_ name: String) -> TypeReference {
        .nonNull(.list(nonNull(name), location: .unknown), location: .unknown)
    }
}
