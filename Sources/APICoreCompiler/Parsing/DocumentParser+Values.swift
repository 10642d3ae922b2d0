extension DocumentParser {
    /// Value, or Value[Const] when `isConstant` (variables are then an error).
    ///
    /// Lists and objects are parsed by functions of their own, never inlined, so that each level of nesting costs
    /// little stack.
    mutating func parseValue(isConstant: Bool) throws(CompilerError) -> Value {
        switch token.kind {
        case .bracketLeft: try parseList(isConstant: isConstant)
        case .braceLeft: try parseObject(isConstant: isConstant)
        default: try parseScalarValue(isConstant: isConstant)
        }
    }

    /// ListValue: `[values]`, possibly empty.
    @inline(never)
    private mutating func parseList(isConstant: Bool) throws(CompilerError) -> Value {
        let location = try enterCompositeValue()
        var values: [Value] = []
        while try !expectOptional(.bracketRight) {
            values.append(try parseValue(isConstant: isConstant))
        }
        leaveNesting()
        return Value(.list(values), location: location)
    }

    /// ObjectValue: `{name: value ...}`, possibly empty.
    @inline(never)
    private mutating func parseObject(isConstant: Bool) throws(CompilerError) -> Value {
        let location = try enterCompositeValue()
        var fields: [Argument] = []
        while try !expectOptional(.braceRight) {
            fields.append(try parseArgument(isConstant: isConstant))
        }
        leaveNesting()
        return Value(.object(fields), location: location)
    }

    /// Steps past the `[` or `{` that opens a list or object value, one nesting level deeper, and returns where the
    /// value starts.
    private mutating func enterCompositeValue() throws(CompilerError) -> SourceLocation {
        let location = currentLocation()
        try enterNesting(at: token)
        try advance()
        return location
    }

    /// A value that nests nothing: a variable, number, string, boolean, null or enum value.
    @inline(never)
    private mutating func parseScalarValue(isConstant: Bool) throws(CompilerError) -> Value {
        let location = currentLocation()
        let start = token
        switch start.kind {
        case .int, .float:
            try advance()
            let text = text(of: start)
            return Value(start.kind == .int ? .int(text) : .float(text), location: location)
        case .string, .blockString:
            let value = try scratchStringValue(of: start)
            try advance()
            return Value(.string(value, isBlock: start.kind == .blockString), location: location)
        case .name:
            try advance()
            if isKeyword("true", start) { return Value(.boolean(true), location: location) }
            if isKeyword("false", start) { return Value(.boolean(false), location: location) }
            if isKeyword("null", start) { return Value(.null, location: location) }
            return Value(.enumValue(text(of: start)), location: location)
        case .dollar:
            try advance()
            if isConstant { throw variableInConstant(start) }
            return Value(.variable(try parseName().value), location: location)
        default:
            throw unexpected()
        }
    }

    /// The error for `$` in a constant value: "Unexpected variable "$name" in constant value.".
    @inline(never)
    private mutating func variableInConstant(_ dollar: Token) -> CompilerError {
        guard token.kind == .name else { return unexpected(dollar) }
        return error("Unexpected variable \"$\(text(of: token))\" in constant value.", at: dollar)
    }

    /// Arguments: `(name: value ...)`, or none.
    mutating func parseArguments(isConstant: Bool) throws(CompilerError) -> [Argument] {
        guard try expectOptional(.parenthesisLeft) else { return [] }
        var arguments: [Argument] = []
        repeat {
            arguments.append(try parseArgument(isConstant: isConstant))
        } while try !expectOptional(.parenthesisRight)
        return arguments
    }

    /// Argument or ObjectField: `name: value`.
    mutating func parseArgument(isConstant: Bool) throws(CompilerError) -> Argument {
        let location = currentLocation()
        let name = try parseName()
        try expect(.colon)
        return Argument(name: name, value: try parseValue(isConstant: isConstant), location: location)
    }

    /// Directives: `@name(arguments)` repeated, or none.
    mutating func parseDirectives(isConstant: Bool) throws(CompilerError) -> [Directive] {
        var directives: [Directive] = []
        while token.kind == .at {
            let location = currentLocation()
            try advance()
            let name = try parseName()
            directives.append(
                Directive(name: name, arguments: try parseArguments(isConstant: isConstant), location: location))
        }
        return directives
    }

    /// Type: `Name`, `[Type]`, either followed by `!`.
    mutating func parseTypeReference() throws(CompilerError) -> TypeReference {
        let location = currentLocation()
        var type: TypeReference
        if token.kind == .bracketLeft {
            try enterNesting(at: token)
            try advance()
            let inner = try parseTypeReference()
            try expect(.bracketRight)
            leaveNesting()
            type = .list(inner, location: location)
        } else {
            type = .named(try parseName())
        }
        if try expectOptional(.bang) {
            type = .nonNull(type, location: location)
        }
        return type
    }
}
