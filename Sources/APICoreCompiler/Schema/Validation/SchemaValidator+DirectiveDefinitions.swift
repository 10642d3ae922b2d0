/// Directive definitions: names, locations, arguments, and no use of a directive within its own definition.
extension SchemaValidator {
    static func checkDirectiveDefinitions(_ context: inout SchemaValidationContext) {
        for directive in context.schema.directives {
            context.checkName(directive.name, of: "directive \"@\(directive.name)\"", at: directive.location)
            if directive.locations.isEmpty {
                context.error(
                    "Directive \"@\(directive.name)\" must declare one or more valid locations, as in "
                        + "\"directive @\(directive.name) on FIELD_DEFINITION\".",
                    at: directive.location, rule: "DirectiveDefinitions")
            }
            for argument in directive.arguments {
                checkInputValue(
                    argument, coordinate: "@\(directive.name)(\(argument.name):)", noun: "argument", &context)
            }
            // The built-in directives are the specification's own; a schema that applies `@specifiedBy` to its
            // own `scalar String` does not make `@specifiedBy(url: String!)` refer to itself.
            if !BuiltInDefinitions.isBuiltIn(directive), usesItself(directive, in: context.schema) {
                context.tolerated(
                    "Directive \"@\(directive.name)\" cannot be used within its own definition, on its arguments or "
                        + "through the directives and input types they refer to. Remove that use.",
                    lenientTail: "graphql-js 16 does not check this and builds the schema; build with --strict to make "
                        + "it an error.",
                    at: directive.location, rule: "DirectiveDefinitions")
            }
        }
    }

    /// Whether `directive` is used within its own definition (specification 3.13): applied on one of its arguments,
    /// or reachable from them through the directives and input types they refer to.
    private static func usesItself(_ directive: SchemaDirective, in schema: GraphQLSchema) -> Bool {
        var search = DirectiveReferenceSearch(schema: schema)
        for argument in directive.arguments {
            search.add(argument)
        }
        return search.reaches(directive.name)
    }
}

/// A walk over what directive arguments refer to: the directives applied to them and their input types, and in turn
/// those directives' arguments and those types' directives, fields and values.
private struct DirectiveReferenceSearch {
    let schema: GraphQLSchema
    private var pendingDirectives: [String] = []
    private var pendingTypes: [String] = []
    private var seenDirectives: Set<String> = []
    private var seenTypes: Set<String> = []

    init(schema: GraphQLSchema) {
        self.schema = schema
    }

    mutating func add(_ value: SchemaInputValue) {
        pendingDirectives += value.directives.map(\.name.value)
        pendingTypes.append(value.type.namedType.value)
    }

    /// Whether the walk reaches the directive `name`.
    mutating func reaches(_ name: String) -> Bool {
        while !pendingDirectives.isEmpty || !pendingTypes.isEmpty {
            if let directiveName = pendingDirectives.popLast() {
                if directiveName == name { return true }
                guard seenDirectives.insert(directiveName).inserted,
                    let used = schema.directive(named: directiveName)
                else { continue }
                used.arguments.forEach { add($0) }
            } else if let typeName = pendingTypes.popLast() {
                guard seenTypes.insert(typeName).inserted, let type = schema.type(named: typeName) else { continue }
                switch type {
                case .scalar(let scalar):
                    pendingDirectives += scalar.directives.map(\.name.value)
                case .enumeration(let enumeration):
                    pendingDirectives += enumeration.directives.map(\.name.value)
                    pendingDirectives += enumeration.values.flatMap { $0.directives.map(\.name.value) }
                case .inputObject(let inputObject):
                    pendingDirectives += inputObject.directives.map(\.name.value)
                    inputObject.fields.forEach { add($0) }
                default:
                    break
                }
            }
        }
        return false
    }
}
