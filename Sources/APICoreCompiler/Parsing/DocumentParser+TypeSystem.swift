extension DocumentParser {
    /// SchemaDefinition: `"description" schema @directives { query: Query ... }`.
    mutating func parseSchemaDefinition() throws(CompilerError) -> SchemaDefinition {
        let location = currentLocation()
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(isConstant: true)
        try expect(.braceLeft)
        var operationTypes: [OperationTypeDefinition] = []
        repeat {
            operationTypes.append(try parseOperationTypeDefinition())
        } while try !expectOptional(.braceRight)
        return SchemaDefinition(
            description: description, directives: directives, operationTypes: operationTypes, location: location)
    }

    /// OperationTypeDefinition: `query: Query`.
    mutating func parseOperationTypeDefinition() throws(CompilerError) -> OperationTypeDefinition {
        let location = currentLocation()
        let operation = try parseOperationKind()
        try expect(.colon)
        return OperationTypeDefinition(operation: operation, type: try parseName(), location: location)
    }

    /// A scalar, object, interface, union, enum or input-object type definition, when `keyword` starts one.
    mutating func parseTypeDefinition(keyword: Token) throws(CompilerError) -> TypeDefinition? {
        let location = currentLocation()
        let kind: TypeDefinition.Kind
        if isKeyword("scalar", keyword) {
            let (description, name, directives) = try parseTypeDefinitionHead("scalar")
            return TypeDefinition(
                kind: .scalar, name: name, description: description, directives: directives, location: location)
        }
        let isObject = isKeyword("type", keyword)
        if isObject || isKeyword("interface", keyword) {
            let description = try parseDescription()
            try advance()
            let name = try parseName()
            let interfaces = try parseImplementsInterfaces()
            let directives = try parseDirectives(isConstant: true)
            let fields = try parseFieldsDefinition()
            kind =
                isObject
                ? .object(interfaces: interfaces, fields: fields) : .interface(interfaces: interfaces, fields: fields)
            return TypeDefinition(
                kind: kind, name: name, description: description, directives: directives, location: location)
        }
        if isKeyword("union", keyword) {
            let (description, name, directives) = try parseTypeDefinitionHead("union")
            kind = .union(members: try parseUnionMembers())
            return TypeDefinition(
                kind: kind, name: name, description: description, directives: directives, location: location)
        }
        if isKeyword("enum", keyword) {
            let (description, name, directives) = try parseTypeDefinitionHead("enum")
            kind = .enumeration(values: try parseEnumValuesDefinition())
            return TypeDefinition(
                kind: kind, name: name, description: description, directives: directives, location: location)
        }
        if isKeyword("input", keyword) {
            let (description, name, directives) = try parseTypeDefinitionHead("input")
            kind = .inputObject(fields: try parseInputFieldsDefinition())
            return TypeDefinition(
                kind: kind, name: name, description: description, directives: directives, location: location)
        }
        return nil
    }

    /// The description, keyword, name and directives that start most type definitions.
    private mutating func parseTypeDefinitionHead(
        _ keyword: StaticString
    ) throws(CompilerError) -> (Description?, Name, [Directive]) {
        let description = try parseDescription()
        try expectKeyword(keyword)
        let name = try parseName()
        return (description, name, try parseDirectives(isConstant: true))
    }

    /// ImplementsInterfaces: `implements & A & B`, or none.
    mutating func parseImplementsInterfaces() throws(CompilerError) -> [Name] {
        guard try expectOptionalKeyword("implements") else { return [] }
        _ = try expectOptional(.ampersand)
        var interfaces: [Name] = []
        repeat {
            interfaces.append(try parseName())
        } while try expectOptional(.ampersand)
        return interfaces
    }

    /// FieldsDefinition: `{ fields }`, at least one, or none.
    mutating func parseFieldsDefinition() throws(CompilerError) -> [FieldDefinition] {
        guard try expectOptional(.braceLeft) else { return [] }
        var fields: [FieldDefinition] = []
        repeat {
            let location = currentLocation()
            let description = try parseDescription()
            let name = try parseName()
            let arguments = try parseArgumentsDefinition()
            try expect(.colon)
            fields.append(
                FieldDefinition(
                    description: description,
                    name: name,
                    arguments: arguments,
                    type: try parseTypeReference(),
                    directives: try parseDirectives(isConstant: true),
                    location: location))
        } while try !expectOptional(.braceRight)
        return fields
    }

    /// ArgumentsDefinition: `(input values)`, at least one, or none.
    mutating func parseArgumentsDefinition() throws(CompilerError) -> [InputValueDefinition] {
        try parseInputValueDefinitions(opener: .parenthesisLeft, closer: .parenthesisRight)
    }

    /// InputFieldsDefinition: `{ input values }`, at least one, or none.
    mutating func parseInputFieldsDefinition() throws(CompilerError) -> [InputValueDefinition] {
        try parseInputValueDefinitions(opener: .braceLeft, closer: .braceRight)
    }

    private mutating func parseInputValueDefinitions(
        opener: TokenKind, closer: TokenKind
    ) throws(CompilerError) -> [InputValueDefinition] {
        guard try expectOptional(opener) else { return [] }
        var definitions: [InputValueDefinition] = []
        repeat {
            let location = currentLocation()
            let description = try parseDescription()
            let name = try parseName()
            try expect(.colon)
            let type = try parseTypeReference()
            let defaultValue = try expectOptional(.equals) ? parseValue(isConstant: true) : nil
            definitions.append(
                InputValueDefinition(
                    description: description,
                    name: name,
                    type: type,
                    defaultValue: defaultValue,
                    directives: try parseDirectives(isConstant: true),
                    location: location))
        } while try !expectOptional(closer)
        return definitions
    }

    /// UnionMemberTypes: `= | A | B`, or none.
    mutating func parseUnionMembers() throws(CompilerError) -> [Name] {
        guard try expectOptional(.equals) else { return [] }
        _ = try expectOptional(.pipe)
        var members: [Name] = []
        repeat {
            members.append(try parseName())
        } while try expectOptional(.pipe)
        return members
    }

    /// EnumValuesDefinition: `{ values }`, at least one, or none. `true`, `false` and `null` are not enum values.
    mutating func parseEnumValuesDefinition() throws(CompilerError) -> [EnumValueDefinition] {
        guard try expectOptional(.braceLeft) else { return [] }
        var values: [EnumValueDefinition] = []
        repeat {
            let location = currentLocation()
            let description = try parseDescription()
            if isKeyword("true") || isKeyword("false") || isKeyword("null") {
                throw reservedEnumValue()
            }
            let name = try parseName()
            values.append(
                EnumValueDefinition(
                    description: description, name: name, directives: try parseDirectives(isConstant: true),
                    location: location))
        } while try !expectOptional(.braceRight)
        return values
    }

    @inline(never)
    private mutating func reservedEnumValue() -> CompilerError {
        error("\(describe(token)) is reserved and cannot be used for an enum value.", at: token)
    }

    /// DirectiveDefinition: `"description" directive @name(arguments) repeatable on A | B`.
    mutating func parseDirectiveDefinition() throws(CompilerError) -> DirectiveDefinition {
        let location = currentLocation()
        let description = try parseDescription()
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArgumentsDefinition()
        let isRepeatable = try expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        _ = try expectOptional(.pipe)
        var locations: [Name] = []
        repeat {
            let start = token
            let location = try parseName()
            guard DirectiveLocation(rawValue: location.value) != nil else { throw unexpected(start) }
            locations.append(location)
        } while try expectOptional(.pipe)
        return DirectiveDefinition(
            description: description, name: name, arguments: arguments, isRepeatable: isRepeatable,
            locations: locations, location: location)
    }
}
