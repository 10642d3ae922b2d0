import APICoreCompiler

/// Builds a schema from SDL with the model's initializers only, for validation tests: no schema validation, no
/// extensions. Built-in scalars are added; root types default to `Query`, `Mutation` and `Subscription`.
enum ModelSchemaBuilder {
    static func build(_ sdl: String) throws -> GraphQLSchema {
        let document = try Parser.parse(Source(name: "schema.graphqls", text: sdl))
        var types: [SchemaType] = ["Int", "Float", "String", "Boolean", "ID"].map { .scalar(ScalarType(name: $0)) }
        var directives: [SchemaDirective] = []
        var roots: [OperationKind: String] = [:]
        for definition in document.definitions {
            switch definition {
            case .schema(let schema):
                for operationType in schema.operationTypes { roots[operationType.operation] = operationType.type.value }
            case .type(let type):
                types.append(convert(type))
            case .directive(let directive):
                directives.append(
                    SchemaDirective(
                        name: directive.name.value, arguments: directive.arguments.map(convert),
                        locations: Set(directive.locations.compactMap { DirectiveLocation(rawValue: $0.value) }),
                        isRepeatable: directive.isRepeatable, location: directive.location))
            default:
                break
            }
        }
        let names = Set(types.map(\.name))
        func root(_ kind: OperationKind, _ fallback: String) -> String? {
            roots[kind] ?? (names.contains(fallback) ? fallback : nil)
        }
        return GraphQLSchema(
            types: types, directives: directives, queryTypeName: root(.query, "Query"),
            mutationTypeName: root(.mutation, "Mutation"), subscriptionTypeName: root(.subscription, "Subscription"))
    }

    private static func convert(_ type: TypeDefinition) -> SchemaType {
        let name = type.name.value
        switch type.kind {
        case .scalar:
            return .scalar(ScalarType(name: name, directives: type.directives, location: type.location))
        case .object(let interfaces, let fields):
            return .object(
                ObjectType(
                    name: name, interfaces: interfaces.map(\.value), fields: fields.map(convert),
                    directives: type.directives, location: type.location))
        case .interface(let interfaces, let fields):
            return .interface(
                InterfaceType(
                    name: name, interfaces: interfaces.map(\.value), fields: fields.map(convert),
                    directives: type.directives, location: type.location))
        case .union(let members):
            return .union(UnionType(name: name, members: members.map(\.value), location: type.location))
        case .enumeration(let values):
            return .enumeration(
                EnumType(
                    name: name, values: values.map { SchemaEnumValue(name: $0.name.value) }, location: type.location))
        case .inputObject(let fields):
            return .inputObject(
                InputObjectType(
                    name: name, fields: fields.map(convert), directives: type.directives, location: type.location))
        }
    }

    private static func convert(_ field: FieldDefinition) -> SchemaField {
        SchemaField(
            name: field.name.value, arguments: field.arguments.map(convert), type: field.type,
            location: field.location)
    }

    private static func convert(_ value: InputValueDefinition) -> SchemaInputValue {
        SchemaInputValue(
            name: value.name.value, type: value.type, defaultValue: value.defaultValue, location: value.location)
    }
}
