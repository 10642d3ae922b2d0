import APICoreCompiler

/// The Swift spelling of GraphQL types in generated code: scalars, enums and custom scalars of the schema namespace,
/// nested selection-set classes, lists and optionals; and the static `GraphQLOutputType` data of a field.
struct SwiftTypeMapper: Sendable {
    /// The schema.
    let schema: GraphQLSchema
    /// The namespace enum of the schema types (`StarWarsAPI`).
    let namespace: String

    /// The Swift type of a leaf or input type by its GraphQL name.
    func namedType(_ name: String) -> String {
        switch name {
        case "String", "ID": return "String"
        case "Int": return "Int"
        case "Float": return "Double"
        case "Boolean": return "Bool"
        default:
            let swiftName = SwiftNames.schemaTypeName(name, namespace: namespace)
            if case .enumeration? = schema.type(named: name) { return "GraphQLEnum<\(namespace).\(swiftName)>" }
            return "\(namespace).\(swiftName)"
        }
    }

    /// The Swift type of an output field; `object` is the Swift name of its selection set, for composite fields.
    func outputType(_ type: TypeReference, object: String?) -> String {
        outputType(type, object: object, isNonNull: false)
    }

    private func outputType(_ type: TypeReference, object: String?, isNonNull: Bool) -> String {
        switch type {
        case .nonNull(let inner, _):
            return outputType(inner, object: object, isNonNull: true)
        case .list(let inner, _):
            let list = "[\(outputType(inner, object: object, isNonNull: false))]"
            return isNonNull ? list : list + "?"
        case .named(let name):
            let swift = object ?? namedType(name.value)
            return isNonNull ? swift : swift + "?"
        }
    }

    /// The Swift type of a variable or input-object field: ``GraphQLNullable`` when it may be left out.
    func inputType(_ type: TypeReference, isOptional: Bool) -> String {
        let inner: String
        if case .nonNull(let wrapped, _) = type {
            inner = inputElement(wrapped)
        } else {
            inner = inputElement(type)
        }
        return isOptional ? "GraphQLNullable<\(inner)>" : inner
    }

    /// A non-null input type's Swift spelling; nullable elements of lists are optionals.
    private func inputElement(_ type: TypeReference) -> String {
        switch type {
        case .nonNull(let inner, _): return inputElement(inner)
        case .list(let inner, _):
            if case .nonNull(let element, _) = inner { return "[\(inputElement(element))]" }
            return "[\(inputElement(inner))?]"
        case .named(let name): return namedType(name.value)
        }
    }

    /// The `GraphQLOutputType` expression of a field: `.nonNull(.list(.scalar("String")))`.
    func outputTypeData(_ type: TypeReference, object: String?) -> String {
        switch type {
        case .nonNull(let inner, _): return ".nonNull(\(outputTypeData(inner, object: object)))"
        case .list(let inner, _): return ".list(\(outputTypeData(inner, object: object)))"
        case .named(let name):
            if let object { return ".object(\(object).self)" }
            return ".scalar(\(SwiftNames.stringLiteral(name.value)))"
        }
    }
}
