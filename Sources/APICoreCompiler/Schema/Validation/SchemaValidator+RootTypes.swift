/// The root operation types: a query type is required, each root is an object type, and no two roots are the same
/// (graphql-js 16 allows one type for two roots: a warning outside a strict build).
extension SchemaValidator {
    static func checkRootTypes(_ context: inout SchemaValidationContext) {
        let schema = context.schema
        let roots: [(OperationKind, String?)] = [
            (.query, schema.queryTypeName), (.mutation, schema.mutationTypeName),
            (.subscription, schema.subscriptionTypeName),
        ]
        if schema.queryTypeName == nil {
            context.error(
                "The schema has no query root type. Define \"type Query\", or name the query type in "
                    + "\"schema { query: ... }\".",
                at: context.source.schemaLocation, rule: "RootOperationTypes")
        }
        var seen: [String: OperationKind] = [:]
        for case (let kind, let name?) in roots {
            let namedAt = context.source.rootTypeLocations[kind] ?? .unknown
            guard let type = schema.type(named: name) else {
                context.error(
                    "Unknown type \"\(name)\" for the \(kind.rawValue) root type. \(context.unknownTypeHint(name))",
                    at: context.place(namedAt, else: context.source.schemaLocation), rule: "KnownTypeNames")
                continue
            }
            guard case .object = type else {
                context.error(
                    "The \(kind.rawValue) root type must be an object type; \"\(name)\" is "
                        + "\(SchemaValidationContext.kindPhrase(type)).",
                    at: context.place(namedAt, else: type.location), rule: "RootOperationTypes")
                continue
            }
            if let other = seen[name] {
                context.tolerated(
                    "\"\(name)\" is the root type of both \(other.rawValue) and \(kind.rawValue) operations; each "
                        + "operation kind needs its own root type.",
                    lenientTail: "graphql-js 16 builds the schema with one type for both; give each its own type, or "
                        + "build with --strict to make it an error.",
                    at: context.place(namedAt, else: type.location), rule: "RootOperationTypes")
            } else {
                seen[name] = kind
            }
        }
    }
}
