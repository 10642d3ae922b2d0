import APICoreKit

extension MockGraphQLClient {
    /// Queues a stub for an operation compiled at run time (run as a `GraphQLDynamicQuery`, or through
    /// `APIClient/execute(document:operationName:variables:options:)` and its siblings); the last one queued answers
    /// every later call. Stubs are found by the operation's name, as for a generated type.
    public func stub(_ operation: GraphQLCompiledOperation, _ stub: InMemoryTransport.Stub) {
        transport.stub(operationName: operation.name, stub)
    }

    /// Queues a response with `data` (as the server would send it) and optional errors for a compiled operation.
    public func stub(
        _ operation: GraphQLCompiledOperation,
        data: JSONObject,
        errors: [GraphQLError] = [],
        extensions: JSONObject = JSONObject(),
        delay: Duration? = nil
    ) {
        stub(operationName: operation.name, data: data, errors: errors, extensions: extensions, delay: delay)
    }

    /// The variables of each request for a compiled operation, in order.
    public func performed(_ operation: GraphQLCompiledOperation) -> [JSONObject] {
        performedOperations.filter { $0.name == operation.name }.map(\.variables)
    }
}
