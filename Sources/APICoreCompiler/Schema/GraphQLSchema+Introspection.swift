extension GraphQLSchema {
    /// This schema with the introspection types it does not define (`__Schema`, `__Type`, `__TypeKind`...) added as
    /// named types, so code can be generated for operations that select `__schema` or `__type`.
    package func addingIntrospectionTypes() -> GraphQLSchema {
        let missing = IntrospectionTypes.all.filter { type(named: $0.name) == nil }
        guard !missing.isEmpty else { return self }
        return GraphQLSchema(
            description: description, types: types + missing, directives: directives, queryTypeName: queryTypeName,
            mutationTypeName: mutationTypeName, subscriptionTypeName: subscriptionTypeName,
            schemaDirectives: schemaDirectives, warnings: warnings)
    }

    /// The meta field `__schema` or `__type(name:)` when `parent` is the query root type.
    package func metaField(named name: String, on parent: SchemaType) -> SchemaField? {
        guard parent.name == queryTypeName else { return nil }
        switch name {
        case "__schema": return ValidationBuiltIns.schemaField
        case "__type": return ValidationBuiltIns.typeField
        default: return nil
        }
    }
}
