import APICoreKit
import APICoreTestMocks

extension MockGraphQLClient {
    /// Queues a response for `Operation` whose `data` is built from the generated test mocks: `root` is the builder of
    /// its root type, encoded with `variables` (which decide `@include`/`@skip` fields; the defaults apply for none).
    ///
    /// ```swift
    /// let mock = MockGraphQLClient()
    /// mock.stub(UserDetailsQuery.self, mock: UserAPIMocks.Query(user: UserAPIMocks.User(name: "Ada")))
    /// ```
    public func stub<Operation: GraphQLOperation>(
        _ operation: Operation.Type,
        mock root: some GraphQLMockObject,
        variables: JSONObject = JSONObject(),
        errors: [GraphQLError] = [],
        delay: Duration? = nil
    ) {
        stub(operation, data: root.responseData(for: operation, variables: variables), errors: errors, delay: delay)
    }

    /// Queues a response for an operation compiled at run time whose `data` is built from the generated test mocks:
    /// `root` encoded with the operation's selections, decided with `variables` and the document's defaults.
    public func stub(
        _ operation: GraphQLCompiledOperation,
        mock root: some GraphQLMockObject,
        variables: JSONObject = JSONObject(),
        errors: [GraphQLError] = [],
        delay: Duration? = nil
    ) {
        let data: JSONObject =
            switch operation.operationType {
            case .query: root.responseData(for: GraphQLDynamicQuery(operation, variables: variables))
            case .mutation: root.responseData(for: GraphQLDynamicMutation(operation, variables: variables))
            case .subscription: root.responseData(for: GraphQLDynamicSubscription(operation, variables: variables))
            }
        stub(operation, data: data, errors: errors, delay: delay)
    }
}
