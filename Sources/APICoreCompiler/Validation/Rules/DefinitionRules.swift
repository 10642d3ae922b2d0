/// The rules on the list of definitions of the whole unit: ExecutableDefinitions, UniqueOperationNames,
/// LoneAnonymousOperation and UniqueFragmentNames (specification 5.1.1, 5.2.1.1, 5.2.2.1, 5.5.1.1).
enum DefinitionRules {
    static func check(_ context: ValidationContext) {
        let operationCount = context.documents.reduce(0) { $0 + $1.operations.count }
        var operationNames: [String: Name] = [:]
        var fragmentNames: [String: Name] = [:]
        for document in context.documents {
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    if let name = operation.name {
                        context.checkUnique(
                            name, among: &operationNames, rule: "UniqueOperationNames", kind: "operation")
                    } else if operationCount > 1 {
                        context.report(
                            "LoneAnonymousOperation", "This anonymous operation must be the only defined operation.",
                            at: [operation.location])
                    }
                case .fragment(let fragment):
                    context.checkUnique(
                        fragment.name, among: &fragmentNames, rule: "UniqueFragmentNames", kind: "fragment")
                case .schema(let schema):
                    reportNotExecutable("schema", at: schema.location, context)
                case .type(let type):
                    reportNotExecutable("\"\(type.name.value)\"", at: type.location, context)
                case .directive(let directive):
                    reportNotExecutable("\"\(directive.name.value)\"", at: directive.location, context)
                }
            }
        }
    }

    private static func reportNotExecutable(_ name: String, at location: SourceLocation, _ context: ValidationContext) {
        context.report("ExecutableDefinitions", "The \(name) definition is not executable.", at: [location])
    }
}
