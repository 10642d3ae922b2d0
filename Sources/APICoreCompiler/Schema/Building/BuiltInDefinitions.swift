/// The scalars and directives every schema has without declaring them, and the client directives the builders know
/// on request (``SchemaBuildOptions/knowsClientDirectives``).
enum BuiltInDefinitions {
    /// The names of the five scalars the specification defines.
    static let scalarNames = ["Int", "Float", "String", "Boolean", "ID"]

    /// The five built-in scalars, described in the specification's terms.
    static let scalars: [ScalarType] = [
        ScalarType(name: "Int", description: "A signed 32-bit integer."),
        ScalarType(name: "Float", description: "A signed double-precision floating-point value (IEEE 754)."),
        ScalarType(name: "String", description: "A sequence of Unicode characters, serialized as UTF-8."),
        ScalarType(name: "Boolean", description: "`true` or `false`."),
        ScalarType(
            name: "ID",
            description: "A unique identifier, serialized as a string; input accepts strings and integers."),
    ]

    /// The reason `@deprecated` gives when it is used without one.
    static let defaultDeprecationReason = "No longer supported"

    /// The directives the specification defines: `@skip`, `@include`, `@deprecated`, `@specifiedBy`, `@oneOf`.
    static let specifiedDirectives: [SchemaDirective] = [
        SchemaDirective(
            name: "skip",
            description: "Leaves out the field or fragment when `if` is true.",
            arguments: [argument("if", nonNull("Boolean"), description: "Skipped when true.")],
            locations: [.field, .fragmentSpread, .inlineFragment]),
        SchemaDirective(
            name: "include",
            description: "Includes the field or fragment only when `if` is true.",
            arguments: [argument("if", nonNull("Boolean"), description: "Included when true.")],
            locations: [.field, .fragmentSpread, .inlineFragment]),
        SchemaDirective(
            name: "deprecated",
            description: "Marks an element of the schema as no longer supported.",
            arguments: [
                argument(
                    "reason", named("String"), defaultValue: Value(.string(defaultDeprecationReason, isBlock: false)),
                    description: "Why it is deprecated, and what to use instead (Markdown).")
            ],
            locations: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue]),
        SchemaDirective(
            name: "specifiedBy",
            description: "Gives the URL of the specification of a custom scalar's behaviour.",
            arguments: [argument("url", nonNull("String"), description: "The specification's URL.")],
            locations: [.scalar]),
        SchemaDirective(
            name: "oneOf",
            description: "Requires exactly one field of the input object, with a value that is not null.",
            locations: [.inputObject]),
    ]

    /// The directives Apollo clients use without declaring them.
    static let clientDirectives: [SchemaDirective] =
        [
            SchemaDirective(
                name: "typePolicy",
                description: "The fields that identify an object in the normalized cache, and its paginated fields.",
                arguments: [
                    argument("keyFields", named("String")), argument("embeddedFields", named("String")),
                    argument("connectionFields", named("String")),
                ],
                locations: [.object, .interface]),
            SchemaDirective(
                name: "fieldPolicy",
                description:
                    "Which arguments of a field identify its value in the normalized cache, and which only page.",
                arguments: [
                    argument("forField", nonNull("String")), argument("keyArgs", named("String")),
                    argument("paginationArgs", named("String")),
                ],
                locations: [.object, .interface],
                isRepeatable: true),
            SchemaDirective(
                name: "cacheControl",
                description: "How long the normalized cache serves the type's or field's values, in seconds.",
                arguments: [argument("maxAge", named("Int")), argument("inheritMaxAge", named("Boolean"))],
                locations: [.fieldDefinition, .object, .interface, .union]),
            SchemaDirective(
                name: "apollo_client_ios_localCacheMutation",
                description: "Marks an operation or fragment that only writes to the local cache.",
                locations: [.query, .mutation, .subscription, .fragmentDefinition]),
            SchemaDirective(
                name: "import",
                description: "Makes the generated code import a module.",
                arguments: [argument("module", nonNull("String"))],
                locations: [.query, .mutation, .subscription, .fragmentDefinition],
                isRepeatable: true),
            SchemaDirective(
                name: "defer",
                description: "Lets the server deliver the fragment's fields in a later response.",
                arguments: incrementalDeliveryArguments,
                locations: [.fragmentSpread, .inlineFragment]),
            SchemaDirective(
                name: "stream",
                description: "Lets the server deliver the items of a list field in later responses.",
                arguments: incrementalDeliveryArguments + [
                    argument("initialCount", named("Int"), defaultValue: Value(.int("0")))
                ],
                locations: [.field]),
        ] + nullabilityDirectives

    /// The nullability directives (Apollo's nullability specification, v0.4): `@semanticNonNull` and
    /// `@semanticNonNullField` in the schema, `@catch` on fields and `@catchByDefault` on the schema, an operation or a
    /// fragment, whose `to:` is a ``catchTo`` value.
    static let nullabilityDirectives: [SchemaDirective] = [
        SchemaDirective(
            name: "semanticNonNull",
            description: "The field is null only with an error for it: a client that handles errors can type it "
                + "non-null. `levels` names the list levels this applies to (0: the field's own value).",
            arguments: [levelsArgument],
            locations: [.fieldDefinition]),
        SchemaDirective(
            name: "semanticNonNullField",
            description: "`@semanticNonNull` for the field `name` of the type, for a schema the client extends.",
            arguments: [argument("name", nonNull("String")), levelsArgument],
            locations: [.object, .interface],
            isRepeatable: true),
        SchemaDirective(
            name: "catch",
            description: "How the client handles an error at the field (at the list levels `levels`).",
            arguments: [
                argument("to", nonNull(catchTo.name), defaultValue: Value(.enumValue("RESULT"))), levelsArgument,
            ],
            locations: [.field]),
        SchemaDirective(
            name: "catchByDefault",
            description: "How the client handles an error at any position that may be null, unless `@catch` says.",
            arguments: [argument("to", nonNull(catchTo.name))],
            locations: [.schema, .query, .mutation, .subscription, .fragmentDefinition]),
    ]

    /// The values of `@catch(to:)` and `@catchByDefault(to:)`. A schema has it without declaring it (unless it declares
    /// a type of its name), as a type the directives refer to but no schema output lists.
    static let catchTo = EnumType(
        name: "CatchTo",
        description: "How the client handles a field error.",
        values: [
            SchemaEnumValue(name: "RESULT", description: "The field is a result: its value or its error."),
            SchemaEnumValue(name: "NULL", description: "The field is null, as GraphQL leaves it."),
            SchemaEnumValue(
                name: "THROW",
                description: "The error goes up to the nearest position that catches it, or fails the read."),
        ])

    /// `levels: [Int!]! = [0]`.
    private static let levelsArgument = argument(
        "levels", .nonNull(.list(nonNull("Int"), location: .unknown), location: .unknown),
        defaultValue: Value(.list([Value(.int("0"))])))

    /// The arguments `@defer` and `@stream` share: `if: Boolean! = true` and `label: String`.
    private static let incrementalDeliveryArguments = [
        argument("if", nonNull("Boolean"), defaultValue: Value(.boolean(true))),
        argument("label", named("String")),
    ]

    /// Whether `directive` is one of the directives defined here, rather than a schema's own of the same name.
    static func isBuiltIn(_ directive: SchemaDirective) -> Bool {
        specifiedDirectives.contains { $0 === directive } || clientDirectives.contains { $0 === directive }
    }

    /// The directives a schema has without declaring them, with the given options.
    static func implicitDirectives(options: SchemaBuildOptions) -> [SchemaDirective] {
        options.knowsClientDirectives ? specifiedDirectives + clientDirectives : specifiedDirectives
    }

    private static func named(_ name: String) -> TypeReference {
        .named(Name(name))
    }

    private static func nonNull(_ name: String) -> TypeReference {
        .nonNull(.named(Name(name)), location: .unknown)
    }

    private static func argument(
        _ name: String,
        _ type: TypeReference,
        defaultValue: Value? = nil,
        description: String? = nil
    ) -> SchemaInputValue {
        SchemaInputValue(name: name, description: description, type: type, defaultValue: defaultValue)
    }
}
