/// Converting the introspection description of types, fields, input values and directives into the model.
extension IntrospectionSchemaBuilder {
    func convertType<Node: IntrospectionJSONReading>(_ node: Node, name: String) throws(CompilerError) -> SchemaType {
        let kind = try node.required("kind").string()
        let description = try node.optionalString("description")
        switch kind {
        case "SCALAR":
            var url = try node.optionalString("specifiedByURL")
            if url == nil { url = try node.optionalString("specifiedByUrl") }
            return .scalar(ScalarType(name: name, description: description, specifiedByURL: url))
        case "OBJECT":
            // graphql-js requires an object's `interfaces` (an interface's may be missing or null).
            return .object(
                ObjectType(
                    name: name, description: description, interfaces: try names(node.required("interfaces")),
                    fields: try fields(node.required("fields"))))
        case "INTERFACE":
            return .interface(
                InterfaceType(
                    name: name, description: description, interfaces: try names(node.member("interfaces")),
                    fields: try fields(node.required("fields"))))
        case "UNION":
            return .union(
                UnionType(name: name, description: description, members: try names(node.required("possibleTypes"))))
        case "ENUM":
            let values = try node.required("enumValues").elements().map { value throws(CompilerError) in
                SchemaEnumValue(
                    name: try value.required("name").string(),
                    description: try value.optionalString("description"),
                    deprecationReason: try deprecationReason(value))
            }
            return .enumeration(EnumType(name: name, description: description, values: values))
        case "INPUT_OBJECT":
            let isOneOf = try node.member("isOneOf")?.bool() ?? false
            return .inputObject(
                InputObjectType(
                    name: name, description: description, fields: try inputValues(node.required("inputFields")),
                    directives: isOneOf ? [Directive(name: Name("oneOf"))] : []))
        default:
            throw try node.required("kind").failure(
                "unknown type kind \"\(kind)\"; expected SCALAR, OBJECT, INTERFACE, UNION, ENUM or INPUT_OBJECT")
        }
    }

    /// Directive locations of specification drafts that servers already answer, left out of the model.
    static let draftDirectiveLocations: Set<String> = ["DIRECTIVE_DEFINITION"]

    func convertDirective<Node: IntrospectionJSONReading>(_ node: Node) throws(CompilerError) -> SchemaDirective {
        var locations: Set<DirectiveLocation> = []
        for locationNode in try node.required("locations").elements() {
            let text = try locationNode.string()
            // A location of a specification draft (graphql-core 3.3 gives `@deprecated` the location
            // DIRECTIVE_DEFINITION) is left out: no document this compiler checks can use a directive there.
            if Self.draftDirectiveLocations.contains(text) { continue }
            guard let location = DirectiveLocation(rawValue: text) else {
                throw locationNode.failure("unknown directive location \"\(text)\"")
            }
            locations.insert(location)
        }
        return SchemaDirective(
            name: try node.required("name").string(),
            description: try node.optionalString("description"),
            arguments: try inputValues(node.required("args")),
            locations: locations,
            isRepeatable: try node.member("isRepeatable")?.bool() ?? false)
    }

    private func fields<Node: IntrospectionJSONReading>(_ node: Node) throws(CompilerError) -> [SchemaField] {
        try node.elements().map { field throws(CompilerError) in
            SchemaField(
                name: try field.required("name").string(),
                description: try field.optionalString("description"),
                arguments: try inputValues(field.required("args")),
                type: try typeReference(field.required("type")),
                deprecationReason: try deprecationReason(field))
        }
    }

    private func inputValues<Node: IntrospectionJSONReading>(_ node: Node?) throws(CompilerError) -> [SchemaInputValue]
    {
        guard let node else { return [] }
        return try node.elements().map { value throws(CompilerError) in
            var defaultValue: Value?
            if let defaultNode = try value.member("defaultValue") {
                let text = try defaultNode.string()
                do throws(CompilerError) {
                    defaultValue = try Parser.parseValue(text, file: file)
                } catch {
                    let reason = error.diagnostics.first?.message ?? "syntax error"
                    throw defaultNode.failure("\"\(text)\" is not a GraphQL value literal (\(reason))")
                }
            }
            return SchemaInputValue(
                name: try value.required("name").string(),
                description: try value.optionalString("description"),
                type: try typeReference(value.required("type")),
                defaultValue: defaultValue,
                deprecationReason: try deprecationReason(value))
        }
    }

    /// A type reference: `{"kind": "NON_NULL", "ofType": {"kind": "LIST", "ofType": {"name": "String", ...}}}`.
    private func typeReference<Node: IntrospectionJSONReading>(_ node: Node) throws(CompilerError) -> TypeReference {
        switch try node.required("kind").string() {
        case "NON_NULL":
            let inner = try typeReference(node.required("ofType"))
            if case .nonNull = inner { throw node.failure("a non-null type cannot wrap another non-null type") }
            return .nonNull(inner, location: .unknown)
        case "LIST":
            return .list(try typeReference(node.required("ofType")), location: .unknown)
        default:
            return .named(Name(try node.required("name").string()))
        }
    }

    /// The names of the elements of an array of `{"name": ...}` objects; none when the array is missing.
    private func names<Node: IntrospectionJSONReading>(_ node: Node?) throws(CompilerError) -> [String] {
        try (node?.elements() ?? []).map { element throws(CompilerError) in try element.required("name").string() }
    }

    /// The deprecation reason of a field, argument, input field or enum value: its `deprecationReason`, or the
    /// default reason when `isDeprecated` is true without one.
    private func deprecationReason<Node: IntrospectionJSONReading>(_ node: Node) throws(CompilerError) -> String? {
        let reason = try node.optionalString("deprecationReason")
        switch try node.member("isDeprecated")?.bool() {
        case true?: return reason ?? BuiltInDefinitions.defaultDeprecationReason
        case false?: return nil
        case nil: return reason
        }
    }
}
