import APICoreCompiler
import APICoreGraphQL

extension GraphQLTypePolicies {
    /// The policies a schema declares, as the code generator writes them into `typePolicies`: key fields from
    /// `@typePolicy(keyFields:)`, field policies from `@typePolicy(connectionFields:)` and `@fieldPolicy`, times to
    /// live from `@cacheControl(maxAge:)`. For a schema loaded at run time, so its cache keys match generated code's.
    package static func declared(in schema: GraphQLSchema) throws(CompilerError) -> GraphQLTypePolicies {
        var keyFields: [String: [String]] = [:]
        for policy in try TypePolicyResolver.keyFields(in: schema) where keyFields[policy.typeName] == nil {
            keyFields[policy.typeName] = policy.keyFields
        }
        var fieldPolicies: [String: [String: GraphQLFieldPolicy]] = [:]
        for policy in try FieldPolicyResolver.policies(in: schema, configured: []) {
            let value: GraphQLFieldPolicy =
                switch policy.merge {
                case .replace: GraphQLFieldPolicy(keyArguments: policy.keyArguments)
                case .relayConnection: .relayConnection(keyArguments: policy.keyArguments)
                case .offsetList:
                    .offsetList(offsetArgument: policy.offsetArgument, keyArguments: policy.keyArguments)
                }
            fieldPolicies[policy.typeName, default: [:]][policy.fieldName] = value
        }
        var maxAges: [String: Int] = [:]
        for entry in try CacheControlResolver.maxAges(in: schema) { maxAges[entry.coordinate] = entry.seconds }
        return GraphQLTypePolicies(keyFields: keyFields, fieldPolicies: fieldPolicies, maxAges: maxAges)
    }
}
