extension DocumentParser {
    /// Document: one or more definitions.
    mutating func parseDocument() throws(CompilerError) -> Document {
        var definitions: [Definition] = []
        repeat {
            definitions.append(try parseDefinition())
        } while token.kind != .endOfFile
        return Document(definitions: definitions)
    }

    /// Definition: an executable definition, a type-system definition or a type-system extension.
    mutating func parseDefinition() throws(CompilerError) -> Definition {
        if token.kind == .braceLeft { return .operation(try parseOperationDefinition()) }
        let hasDescription = token.kind == .string || token.kind == .blockString
        let keyword = hasDescription ? try lookahead() : token
        if keyword.kind == .name {
            if isKeyword("schema", keyword) { return .schema(try parseSchemaDefinition()) }
            if isKeyword("directive", keyword) { return .directive(try parseDirectiveDefinition()) }
            if let definition = try parseTypeDefinition(keyword: keyword) { return .type(definition) }
            if hasDescription {
                throw error(
                    "Unexpected description, descriptions are supported only on type definitions.", at: token)
            }
            if isKeyword("query", keyword) || isKeyword("mutation", keyword) || isKeyword("subscription", keyword) {
                return .operation(try parseOperationDefinition())
            }
            if isKeyword("fragment", keyword) { return .fragment(try parseFragmentDefinition()) }
            if isKeyword("extend", keyword) { return try parseExtension() }
        }
        throw unexpected(keyword)
    }

    /// OperationDefinition, or the `{ ... }` shorthand for a nameless query.
    mutating func parseOperationDefinition() throws(CompilerError) -> OperationDefinition {
        let location = currentLocation()
        if token.kind == .braceLeft {
            return OperationDefinition(
                kind: .query, name: nil, selectionSet: try parseSelectionSet(), location: location)
        }
        let kind = try parseOperationKind()
        let name = token.kind == .name ? try parseName() : nil
        return OperationDefinition(
            kind: kind,
            name: name,
            variableDefinitions: try parseVariableDefinitions(),
            directives: try parseDirectives(isConstant: false),
            selectionSet: try parseSelectionSet(),
            location: location)
    }

    /// OperationType: `query`, `mutation` or `subscription`.
    mutating func parseOperationKind() throws(CompilerError) -> OperationKind {
        guard token.kind == .name else { throw expected(TokenKind.name.description) }
        let kind: OperationKind
        if isKeyword("query") {
            kind = .query
        } else if isKeyword("mutation") {
            kind = .mutation
        } else if isKeyword("subscription") {
            kind = .subscription
        } else {
            throw unexpected()
        }
        try advance()
        return kind
    }

    /// VariableDefinitions: `($name: Type = default @directives ...)`, or none.
    mutating func parseVariableDefinitions() throws(CompilerError) -> [VariableDefinition] {
        guard try expectOptional(.parenthesisLeft) else { return [] }
        var definitions: [VariableDefinition] = []
        repeat {
            let location = currentLocation()
            try expect(.dollar)
            let name = try parseName()
            try expect(.colon)
            let type = try parseTypeReference()
            let defaultValue = try expectOptional(.equals) ? try parseValue(isConstant: true) : nil
            definitions.append(
                VariableDefinition(
                    name: name,
                    type: type,
                    defaultValue: defaultValue,
                    directives: try parseDirectives(isConstant: true),
                    location: location))
        } while try !expectOptional(.parenthesisRight)
        return definitions
    }

    /// SelectionSet: `{ selections }`, at least one.
    mutating func parseSelectionSet() throws(CompilerError) -> SelectionSet {
        let location = currentLocation()
        let opener = try expect(.braceLeft)
        try enterNesting(at: opener)
        var selections: [Selection] = []
        repeat {
            if token.kind == .spread {
                try parseFragment(into: &selections)
            } else {
                try parseField(into: &selections)
            }
        } while try !expectOptional(.braceRight)
        leaveNesting()
        return SelectionSet(selections: selections, location: location)
    }

    // The selection parsers append to the selection set's array rather than return a Selection, and are never
    // inlined: nested selection sets recurse through them, and this keeps each level's stack frame small.

    /// Field: `alias: name(arguments) @directives { selections }`.
    @inline(never)
    private mutating func parseField(into selections: inout [Selection]) throws(CompilerError) {
        let location = currentLocation()
        var alias: Name?
        var name = try parseName()
        if try expectOptional(.colon) {
            alias = name
            name = try parseName()
        }
        let arguments = try parseArguments(isConstant: false)
        let directives = try parseDirectives(isConstant: false)
        let selectionSet = token.kind == .braceLeft ? try parseSelectionSet() : nil
        selections.append(
            .field(
                Field(
                    alias: alias, name: name, arguments: arguments, directives: directives,
                    selectionSet: selectionSet, location: location)))
    }

    /// FragmentSpread (`...Name(arguments) @directives`) or InlineFragment (`... on Type @directives { selections }`).
    @inline(never)
    private mutating func parseFragment(into selections: inout [Selection]) throws(CompilerError) {
        let location = currentLocation()
        try expect(.spread)
        let hasTypeCondition = try expectOptionalKeyword("on")
        if !hasTypeCondition, token.kind == .name {
            let name = try parseName()
            let arguments = try parseArguments(isConstant: false)
            let directives = try parseDirectives(isConstant: false)
            selections.append(
                .fragmentSpread(
                    FragmentSpread(name: name, arguments: arguments, directives: directives, location: location)))
            return
        }
        let typeCondition = hasTypeCondition ? try parseName() : nil
        let directives = try parseDirectives(isConstant: false)
        let selectionSet = try parseSelectionSet()
        selections.append(
            .inlineFragment(
                InlineFragment(
                    typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
                    location: location)))
    }

    /// FragmentDefinition: `fragment Name($variable: Type = default) on Type @directives { selections }`.
    private mutating func parseFragmentDefinition() throws(CompilerError) -> FragmentDefinition {
        let location = currentLocation()
        try expectKeyword("fragment")
        if isKeyword("on") { throw unexpected() }
        let name = try parseName()
        let variableDefinitions = try parseVariableDefinitions()
        try expectKeyword("on")
        let typeCondition = try parseName()
        return FragmentDefinition(
            name: name,
            variableDefinitions: variableDefinitions,
            typeCondition: typeCondition,
            directives: try parseDirectives(isConstant: false),
            selectionSet: try parseSelectionSet(),
            location: location)
    }
}
