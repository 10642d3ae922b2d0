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
        if isKeyword("scalar", keyword) {
            return try parseTypeDefinition("scalar", at: location) { _ throws(CompilerError) in .scalar }
        }
        let isObject = isKeyword("type", keyword)
        if isObject || isKeyword("interface", keyword) {
            let description = try parseDescription()
            try advance()
            let name = try parseName()
            let interfaces = try parseImplementsInterfaces()
            let directives = try parseDirectives(isConstant: true)
            let fields = try parseFieldsDefinition()
            let kind: TypeDefinition.Kind =
                isObject
                ? .object(interfaces: interfaces, fields: fields) : .interface(interfaces: interfaces, fields: fields)
            return TypeDefinition(
                kind: kind, name: name, description: description, directives: directives, location: location)
        }
        if isKeyword("union", keyword) {
            return try parseTypeDefinition("union", at: location) { parser throws(CompilerError) in
                .union(members: try parser.parseUnionMembers())
            }
        }
        if isKeyword("enum", keyword) {
            return try parseTypeDefinition("enum", at: location) { parser throws(CompilerError) in
                .enumeration(values: try parser.parseEnumValuesDefinition())
            }
        }
        if isKeyword("input", keyword) {
            return try parseTypeDefinition("input", at: location) { parser throws(CompilerError) in
                .inputObject(fields: try parser.parseInputFieldsDefinition())
            }
        }
        return nil
    }

    /// A type definition made of a description, `keyword`, a name and directives, then the kind-specific part that
    /// `parseBody` reads.
    private mutating func parseTypeDefinition(
        _ keyword: StaticString,
        at location: SourceLocation,
        body parseBody: (inout Self) throws(CompilerError) -> TypeDefinition.Kind
    ) throws(CompilerError) -> TypeDefinition {
        let description = try parseDescription()
        try expectKeyword(keyword)
        let name = try parseName()
        let directives = try parseDirectives(isConstant: true)
        return TypeDefinition(
            kind: try parseBody(&self), name: name, description: description, directives: directives,
            location: location)
    }

    /// ImplementsInterfaces: `implements & A & B`, or none.
    mutating func parseImplementsInterfaces() throws(CompilerError) -> [Name] {
        guard try expectOptionalKeyword("implements") else { return [] }
        return try parseNames(separatedBy: .ampersand)
    }

    /// Names separated by `separator`, which may also stand before the first: `& A & B`, `| A | B`.
    private mutating func parseNames(separatedBy separator: TokenKind) throws(CompilerError) -> [Name] {
        _ = try expectOptional(separator)
        var names: [Name] = []
        repeat {
            names.append(try parseName())
        } while try expectOptional(separator)
        return names
    }

    /// FieldsDefinition: `{ fields }`, at least one, or none.
    mutating func parseFieldsDefinition() throws(CompilerError) -> [FieldDefinition] {
        try parseDefinitions(opener: .braceLeft, closer: .braceRight) {
            parser, description, location throws(CompilerError) in
            let name = try parser.parseName()
            let arguments = try parser.parseArgumentsDefinition()
            try parser.expect(.colon)
            return FieldDefinition(
                description: description,
                name: name,
                arguments: arguments,
                type: try parser.parseTypeReference(),
                directives: try parser.parseDirectives(isConstant: true),
                location: location)
        }
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
        try parseDefinitions(opener: opener, closer: closer) { parser, description, location throws(CompilerError) in
            let name = try parser.parseName()
            try parser.expect(.colon)
            let type = try parser.parseTypeReference()
            let defaultValue = try parser.expectOptional(.equals) ? parser.parseValue(isConstant: true) : nil
            return InputValueDefinition(
                description: description,
                name: name,
                type: type,
                defaultValue: defaultValue,
                directives: try parser.parseDirectives(isConstant: true),
                location: location)
        }
    }

    /// The definitions between `opener` and `closer`, at least one, or none when the next token is not `opener`.
    /// Each starts with an optional description, read here; `parseRest` reads the rest of one, given its description
    /// and where it starts.
    private mutating func parseDefinitions<Definition>(
        opener: TokenKind,
        closer: TokenKind,
        _ parseRest: (inout Self, Description?, SourceLocation) throws(CompilerError) -> Definition
    ) throws(CompilerError) -> [Definition] {
        guard try expectOptional(opener) else { return [] }
        var definitions: [Definition] = []
        repeat {
            let location = currentLocation()
            let description = try parseDescription()
            definitions.append(try parseRest(&self, description, location))
        } while try !expectOptional(closer)
        return definitions
    }

    /// UnionMemberTypes: `= | A | B`, or none.
    mutating func parseUnionMembers() throws(CompilerError) -> [Name] {
        guard try expectOptional(.equals) else { return [] }
        return try parseNames(separatedBy: .pipe)
    }

    /// EnumValuesDefinition: `{ values }`, at least one, or none. `true`, `false` and `null` are not enum values.
    mutating func parseEnumValuesDefinition() throws(CompilerError) -> [EnumValueDefinition] {
        try parseDefinitions(opener: .braceLeft, closer: .braceRight) {
            parser, description, location throws(CompilerError) in
            if parser.isKeyword("true") || parser.isKeyword("false") || parser.isKeyword("null") {
                throw parser.reservedEnumValue()
            }
            return EnumValueDefinition(
                description: description, name: try parser.parseName(),
                directives: try parser.parseDirectives(isConstant: true), location: location)
        }
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
