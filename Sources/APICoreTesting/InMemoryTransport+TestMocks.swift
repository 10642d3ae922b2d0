import APICoreKit
import APICoreTestMocks

extension InMemoryTransport.Stub {
    /// A GraphQL response to `operation` whose `data` is built from the generated test mocks: `root` is the builder of
    /// the operation's root type (`Query`, `Mutation` or `Subscription`), encoded as `Operation.Data` selects it with
    /// the operation's variables (see `GraphQLMockEncoder` for what fields left unset become).
    public static func graphQL<Operation: GraphQLOperation>(
        _ operation: Operation,
        mock root: some GraphQLMockObject,
        errors: [GraphQLError] = [],
        extensions: JSONObject = JSONObject()
    ) -> Self {
        .graphQL(data: root.responseData(for: operation), errors: errors, extensions: extensions)
    }

    /// A GraphQL response to any request for `Operation` whose `data` is built from the generated test mocks,
    /// encoded with `variables` (which decide its `@include`/`@skip` fields).
    public static func graphQL<Operation: GraphQLOperation>(
        _ operation: Operation.Type,
        mock root: some GraphQLMockObject,
        variables: JSONObject = JSONObject(),
        errors: [GraphQLError] = [],
        extensions: JSONObject = JSONObject()
    ) -> Self {
        .graphQL(data: root.responseData(for: operation, variables: variables), errors: errors, extensions: extensions)
    }
}

extension InMemoryTransport {
    /// Answers requests for `operation`'s operation with data built from the generated test mocks; the last stub
    /// queued for an operation answers every later request.
    public func stub<Operation: GraphQLOperation>(
        _ operation: Operation, mock root: some GraphQLMockObject, errors: [GraphQLError] = []
    ) {
        stub(operationName: operation.__operationName, .graphQL(operation, mock: root, errors: errors))
    }
}
