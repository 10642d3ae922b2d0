extension DocumentParser {
    /// TypeSystemExtension: `extend schema`, `extend scalar`, `extend type`, `extend interface`, `extend union`,
    /// `extend enum` or `extend input`, each adding at least one thing.
    mutating func parseExtension() throws(CompilerError) -> Definition {
        let location = currentLocation()
        try expectKeyword("extend")
        let keyword = token
        if isKeyword("schema") {
            try advance()
            let directives = try parseDirectives(isConstant: true)
            var operationTypes: [OperationTypeDefinition] = []
            if try expectOptional(.braceLeft) {
                repeat {
                    operationTypes.append(try parseOperationTypeDefinition())
                } while try !expectOptional(.braceRight)
            }
            if directives.isEmpty, operationTypes.isEmpty { throw unexpected() }
            return .schema(
                SchemaDefinition(
                    directives: directives, operationTypes: operationTypes, isExtension: true, location: location))
        }
        guard let kind = try parseExtensionKind() else { throw unexpected(keyword) }
        return .type(kind(location))
    }

    /// Parses the rest of a type extension after `extend`, returning how to build it from its location; `nil` when
    /// the current token names no kind of type.
    private mutating func parseExtensionKind() throws(CompilerError) -> ((SourceLocation) -> TypeDefinition)? {
        let isObject = isKeyword("type")
        let isInterface = isKeyword("interface")
        let isScalar = isKeyword("scalar")
        let isUnion = isKeyword("union")
        let isEnum = isKeyword("enum")
        let isInput = isKeyword("input")
        guard isObject || isInterface || isScalar || isUnion || isEnum || isInput else { return nil }
        try advance()
        let name = try parseName()
        let kind: TypeDefinition.Kind
        let directives: [Directive]
        let isEmpty: Bool
        if isObject || isInterface {
            let interfaces = try parseImplementsInterfaces()
            directives = try parseDirectives(isConstant: true)
            let fields = try parseFieldsDefinition()
            kind =
                isObject
                ? .object(interfaces: interfaces, fields: fields) : .interface(interfaces: interfaces, fields: fields)
            isEmpty = interfaces.isEmpty && directives.isEmpty && fields.isEmpty
        } else {
            directives = try parseDirectives(isConstant: true)
            if isUnion {
                let members = try parseUnionMembers()
                kind = .union(members: members)
                isEmpty = directives.isEmpty && members.isEmpty
            } else if isEnum {
                let values = try parseEnumValuesDefinition()
                kind = .enumeration(values: values)
                isEmpty = directives.isEmpty && values.isEmpty
            } else if isInput {
                let fields = try parseInputFieldsDefinition()
                kind = .inputObject(fields: fields)
                isEmpty = directives.isEmpty && fields.isEmpty
            } else {
                kind = .scalar
                isEmpty = directives.isEmpty
            }
        }
        if isEmpty { throw unexpected() }
        return { location in
            TypeDefinition(kind: kind, name: name, directives: directives, isExtension: true, location: location)
        }
    }
}
