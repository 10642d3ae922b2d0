/// Directive definitions: names, locations, arguments, and no use of a directive within its own definition.
extension SchemaValidator {
    static func checkDirectiveDefinitions(_ context: inout SchemaValidationContext) {
        for directive in context.schema.directives {
            context.checkReservedName(directive.name, of: "directive \"@\(directive.name)\"", at: directive.location)
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
            if usesItself(directive, in: context.schema) {
                context.error(
                    "Directive \"@\(directive.name)\" cannot be used within its own definition, directly or through "
                        + "the arguments of another directive. Remove that use.",
                    at: directive.location, rule: "DirectiveDefinitions")
            }
        }
    }

    /// Whether `directive` is applied on its own arguments, or on the arguments of a directive applied there, and so
    /// on.
    private static func usesItself(_ directive: SchemaDirective, in schema: GraphQLSchema) -> Bool {
        var pending = directive.arguments.flatMap { $0.directives.map(\.name.value) }
        var seen: Set<String> = []
        while let name = pending.popLast() {
            if name == directive.name { return true }
            guard seen.insert(name).inserted, let used = schema.directive(named: name) else { continue }
            pending += used.arguments.flatMap { $0.directives.map(\.name.value) }
        }
        return false
    }
}
