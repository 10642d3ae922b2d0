/// The root operation types: from `schema { ... }` and `extend schema { ... }`, or by the default names.
extension SDLSchemaBuilder {
    /// The root operation types, each with where it was named.
    struct RootTypes {
        var names: [OperationKind: String] = [:]
        var locations: [OperationKind: SourceLocation] = [:]
    }

    /// Reads the root types from the schema definition and its extensions; without a schema definition, the types
    /// named `Query`, `Mutation` and `Subscription` are the roots for the operations not named by an extension.
    mutating func resolveRootTypes(definedNames: Set<String>) -> RootTypes {
        if let first = schemaDefinitions.first {
            for extra in schemaDefinitions.dropFirst() {
                report(
                    "A schema has only one schema definition; merge this one into the first, or make it "
                        + "\"extend schema\".",
                    at: extra.location, related: [first.location], rule: "LoneSchemaDefinition")
            }
        }
        var roots = RootTypes()
        for definition in schemaDefinitions.prefix(1) + schemaExtensions {
            for operationType in definition.operationTypes {
                let kind = operationType.operation
                if let existing = roots.names[kind] {
                    report(
                        "The \(kind.rawValue) root type is already \"\(existing)\"; a schema has one root type per "
                            + "operation. Remove one of them.",
                        at: operationType.location, related: roots.locations[kind].map { [$0] } ?? [],
                        rule: "UniqueOperationTypes")
                    continue
                }
                roots.names[kind] = operationType.type.value
                roots.locations[kind] = operationType.type.location
            }
        }
        if schemaDefinitions.isEmpty {
            let defaults: [(OperationKind, String)] = [
                (.query, "Query"), (.mutation, "Mutation"), (.subscription, "Subscription"),
            ]
            for (kind, name) in defaults where roots.names[kind] == nil && definedNames.contains(name) {
                roots.names[kind] = name
            }
        }
        return roots
    }
}
