/// Prints a schema model as SDL.
///
/// The schema becomes a ``Document`` of type-system definitions that ``Printer`` prints, so the layout is the
/// printer's: definitions in the schema's order, descriptions as block strings, deprecations as `@deprecated` (with
/// a `reason` unless it is the default), `@specifiedBy(url:)` and `@oneOf` from the model's own properties, default
/// values as literals. Built-in scalars, the directives the specification defines, the client directives the builder
/// supplies (``SchemaBuildOptions/knowsClientDirectives``) and the introspection types are left out; `schema { ... }` is written only when the root types are not the ones the names `Query`, `Mutation` and
/// `Subscription` imply (or the schema has a description or directives). Building the output again gives the same
/// schema.
public enum SchemaPrinter {
    /// The SDL text of `schema`, ending with a newline.
    public static func print(_ schema: GraphQLSchema) -> String {
        Printer.print(document(for: schema)) + "\n"
    }

    /// The type-system document that describes `schema`.
    public static func document(for schema: GraphQLSchema) -> Document {
        var definitions: [Definition] = []
        if let schemaDefinition = schemaDefinition(for: schema) {
            definitions.append(.schema(schemaDefinition))
        }
        let specifiedDirectives = Set(BuiltInDefinitions.specifiedDirectives.map(\.name))
        for directive in schema.directives where !specifiedDirectives.contains(directive.name) {
            // The client directives the builder added itself (not ones the schema declared under the same name).
            if BuiltInDefinitions.clientDirectives.contains(where: { $0 === directive }) { continue }
            definitions.append(.directive(definition(of: directive)))
        }
        for type in schema.types {
            if type.name.hasPrefix("__") { continue }
            if case .scalar = type, BuiltInDefinitions.scalarNames.contains(type.name) { continue }
            definitions.append(.type(definition(of: type)))
        }
        return Document(definitions: definitions)
    }

    /// `schema { ... }` when the root types differ from what their names imply, `nil` otherwise.
    static func schemaDefinition(for schema: GraphQLSchema) -> SchemaDefinition? {
        let roots: [(OperationKind, String?, String)] = [
            (.query, schema.queryTypeName, "Query"),
            (.mutation, schema.mutationTypeName, "Mutation"),
            (.subscription, schema.subscriptionTypeName, "Subscription"),
        ]
        let isImplied = roots.allSatisfy { _, name, defaultName in
            name == (schema.type(named: defaultName) != nil ? defaultName : nil)
        }
        let hasDescription = !(schema.description ?? "").isEmpty
        if isImplied, !hasDescription, schema.schemaDirectives.isEmpty { return nil }
        return SchemaDefinition(
            description: described(schema.description),
            directives: schema.schemaDirectives,
            operationTypes: roots.compactMap { kind, name, _ in
                name.map { OperationTypeDefinition(operation: kind, type: Name($0)) }
            })
    }

    static func definition(of directive: SchemaDirective) -> DirectiveDefinition {
        DirectiveDefinition(
            description: described(directive.description),
            name: Name(directive.name),
            arguments: directive.arguments.map(definition),
            isRepeatable: directive.isRepeatable,
            locations: DirectiveLocation.allCases.filter(directive.locations.contains).map { Name($0.rawValue) })
    }

    static func definition(of type: SchemaType) -> TypeDefinition {
        let kind: TypeDefinition.Kind
        var directives = applied(type.directives)
        switch type {
        case .scalar(let scalar):
            kind = .scalar
            if let url = scalar.specifiedByURL {
                directives.append(directive("specifiedBy", argument: "url", string: url))
            }
        case .object(let object):
            kind = .object(interfaces: object.interfaces.map { Name($0) }, fields: object.fields.map(definition))
        case .interface(let interface):
            kind = .interface(
                interfaces: interface.interfaces.map { Name($0) }, fields: interface.fields.map(definition))
        case .union(let union):
            kind = .union(members: union.members.map { Name($0) })
        case .enumeration(let enumeration):
            kind = .enumeration(values: enumeration.values.map(definition))
        case .inputObject(let input):
            kind = .inputObject(fields: input.fields.map(definition))
            if input.isOneOf { directives.append(Directive(name: Name("oneOf"))) }
        }
        return TypeDefinition(
            kind: kind, name: Name(type.name), description: described(type.description), directives: directives)
    }

    static func definition(of field: SchemaField) -> FieldDefinition {
        let (description, name, directives) = header(of: field)
        return FieldDefinition(
            description: description, name: name, arguments: field.arguments.map(definition), type: field.type,
            directives: directives)
    }

    static func definition(of value: SchemaInputValue) -> InputValueDefinition {
        let (description, name, directives) = header(of: value)
        return InputValueDefinition(
            description: description, name: name, type: value.type, defaultValue: value.defaultValue,
            directives: directives)
    }

    static func definition(of value: SchemaEnumValue) -> EnumValueDefinition {
        let (description, name, directives) = header(of: value)
        return EnumValueDefinition(description: description, name: name, directives: directives)
    }

    /// What every member's definition starts with: its description, its name and its directives, `@deprecated`
    /// written from its deprecation reason.
    private static func header(
        of member: some DeprecatableSchemaMember
    ) -> (description: Description?, name: Name, directives: [Directive]) {
        (
            described(member.description), Name(member.name),
            applied(member.directives, deprecationReason: member.deprecationReason)
        )
    }

    /// The applied directives the model keeps as directives; those it keeps as properties (`@deprecated`,
    /// `@specifiedBy`, `@oneOf`) are written from the properties, so SDL and introspection models print alike.
    static func applied(_ directives: [Directive], deprecationReason: String? = nil) -> [Directive] {
        let fromProperties: Set<String> = ["deprecated", "specifiedBy", "oneOf"]
        var result = directives.filter { !fromProperties.contains($0.name.value) }
        if let deprecationReason {
            result.append(
                deprecationReason == BuiltInDefinitions.defaultDeprecationReason
                    ? Directive(name: Name("deprecated"))
                    : directive("deprecated", argument: "reason", string: deprecationReason))
        }
        return result
    }

    /// `@name(argument: "string")`
    static func directive(_ name: String, argument: String, string: String) -> Directive {
        Directive(
            name: Name(name),
            arguments: [Argument(name: Name(argument), value: Value(.string(string, isBlock: false)))])
    }

    /// A description as a block string; none when empty.
    static func described(_ text: String?) -> Description? {
        guard let text, !text.isEmpty else { return nil }
        return Description(text, isBlock: true)
    }
}
