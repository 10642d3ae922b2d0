/// Validates executable documents (operations and fragments) against a schema: every rule of section 5 of the
/// GraphQL specification, plus the `@defer`/`@stream` rules of the incremental-delivery proposal.
///
/// Validation runs in three steps:
/// 1. Whole-unit rules on the list of definitions: executable definitions only, unique operation and fragment names,
///    a lone anonymous operation.
/// 2. One walk over each operation and each fragment (every fragment once, wherever it is spread), tracking types as
///    it descends (`TypeInfo`) and checking fields, arguments, values, directives, spreads and overlapping fields.
///    The walk records each definition's fragment spreads and variable usages.
/// 3. Rules that need the walk's records across definitions: fragment cycles, unused fragments, and, per operation
///    through the fragments it uses, undefined, unused and misplaced variables, the single root field of a
///    subscription and `@defer`/`@stream` in subscriptions.
///
/// Messages follow graphql-js 16's wording (graphql-js 17's for the rules it added: operation types, `@skip` and
/// `@include` on a subscription's root, `@defer`/`@stream`), and each diagnostic's ``Diagnostic/rule`` names the
/// graphql-js rule without its `Rule` suffix. Diagnostics are returned in source order (documents in the order
/// given); the same message at the same places is reported once.
public enum DocumentValidator {
    /// Validates documents that form one compilation unit across files: a fragment defined in one file is usable in
    /// another; operation and fragment names are unique across all of them.
    public static func validate(
        _ documents: [Document],
        against schema: GraphQLSchema,
        options: ValidationOptions = ValidationOptions()
    ) -> [Diagnostic] {
        let context = ValidationContext(documents: documents, schema: schema, options: options)
        DefinitionRules.check(context)
        for (documentIndex, document) in documents.enumerated() {
            for definition in document.definitions {
                guard !context.isAborted else { break }
                switch definition {
                case .operation(let operation):
                    let walker = DefinitionWalker(context: context, documentIndex: documentIndex)
                    walker.walk(operation)
                    context.operationSummaries.append(
                        OperationSummary(operation: operation, documentIndex: documentIndex, summary: walker.summary))
                case .fragment(let fragment):
                    let walker = DefinitionWalker(context: context, documentIndex: documentIndex)
                    walker.walk(fragment)
                    context.record(FragmentSummary(fragment: fragment, summary: walker.summary))
                default:
                    break
                }
            }
        }
        if !context.isAborted {
            FragmentCycleRule.check(context)
            UnusedFragmentRule.check(context)
            for operation in context.operationSummaries {
                guard !context.isAborted else { break }
                OperationVariableRules.check(operation, context)
                SingleFieldSubscriptionsRule.check(operation, context)
                DeferStreamOnValidOperationsRule.check(operation, context)
            }
        }
        return context.sortedDiagnostics()
    }
}
