import APICoreKit
import Foundation

/// A real `APIClient` on an ``InMemoryTransport``: stub operations by type, run the feature kit's code through
/// `client`, then assert on what was performed.
///
/// Everything between the feature kit and the transport is the production code: interceptors, GraphQL-over-HTTP
/// encoding, response reading, decoding into generated types, mapping to domain models and errors.
///
/// ```swift
/// let mock = MockGraphQLClient()
/// mock.stub(UserDetailsQuery.self, data: ["user": ["__typename": "User", "id": "1", ...]])
/// let repository = UserRepository(client: mock.client)
/// let user = try await repository.user(id: "1")
/// #expect(mock.performed(UserDetailsQuery.self) == [["id": "1", "withEmail": false]])
/// ```
public final class MockGraphQLClient: Sendable {
    /// The GraphQL endpoint the client is configured with; nothing is ever sent there.
    public static let endpoint = URL(string: "https://mock.apicore.invalid/graphql")!

    /// The transport answering the client's requests, for REST stubs and raw assertions.
    public let transport: InMemoryTransport
    /// The client to hand to the code under test.
    public let client: APIClient

    /// A mock whose client has `interceptors` and whatever `configure` sets; the transport is always the mock's.
    public init(
        interceptors: [any APIInterceptor] = [],
        defaultStub: InMemoryTransport.Stub = .notFound,
        configure: (inout APIClientConfiguration) -> Void = { _ in }
    ) {
        let transport = InMemoryTransport(defaultStub: defaultStub)
        var configuration = APIClientConfiguration(graphQLEndpoint: Self.endpoint, interceptors: interceptors)
        configure(&configuration)
        configuration.transport = transport
        self.transport = transport
        self.client = APIClient(configuration: configuration)
    }

    /// Queues a stub for the operation; the last one queued answers every later call.
    public func stub<Operation: GraphQLOperation>(_ operation: Operation.Type, _ stub: InMemoryTransport.Stub) {
        transport.stub(operationName: Operation.operationName, stub)
    }

    /// Queues a response with `data` (as the server would send it) and optional errors (partial data).
    public func stub<Operation: GraphQLOperation>(
        _ operation: Operation.Type,
        data: JSONObject,
        errors: [GraphQLError] = [],
        extensions: JSONObject = JSONObject(),
        delay: Duration? = nil
    ) {
        stub(operationName: Operation.operationName, data: data, errors: errors, extensions: extensions, delay: delay)
    }

    /// Queues a response with a generated `Data` value, built for instance with `Operation.Data(data:variables:)`.
    public func stub<Operation: GraphQLOperation>(
        _ operation: Operation.Type,
        data: Operation.Data,
        errors: [GraphQLError] = [],
        delay: Duration? = nil
    ) {
        stub(operation, data: data.__data, errors: errors, delay: delay)
    }

    /// Queues a response with errors and no data: the call fails with `APIError/Code/graphQL`.
    public func stub<Operation: GraphQLOperation>(_ operation: Operation.Type, errors: [GraphQLError]) {
        stub(operation, .graphQLErrors(errors))
    }

    /// Queues a failure that the call reports with `code` (`APIError/Code/network`, `APIError/Code/timeout`,
    /// ...).
    public func stub<Operation: GraphQLOperation>(_ operation: Operation.Type, error code: APIError.Code) {
        stub(operation, .error(code))
    }

    /// Queues an HTTP status without a GraphQL body: the call fails with `APIError/Code/httpStatus` (or
    /// `APIError/Code/unauthorized` for 401).
    public func stub<Operation: GraphQLOperation>(_ operation: Operation.Type, status: Int) {
        stub(operation, .status(status))
    }

    /// Every GraphQL request the client sent, in order.
    public var performedOperations: [PerformedOperation] {
        transport.requests.compactMap(PerformedOperation.init)
    }

    /// The variables of each request for `operation`, in order.
    public func performed<Operation: GraphQLOperation>(_ operation: Operation.Type) -> [JSONObject] {
        performedOperations.filter { $0.name == Operation.operationName }.map(\.variables)
    }

    /// Queues a GraphQL response for the operation named `operationName`.
    func stub(operationName: String, data: JSONObject, errors: [GraphQLError], extensions: JSONObject, delay: Duration?)
    {
        var stub = InMemoryTransport.Stub.graphQL(data: data, errors: errors, extensions: extensions)
        stub.delay = delay
        transport.stub(operationName: operationName, stub)
    }

    /// Forgets every stub and every recorded request.
    public func reset() {
        transport.removeAllStubs()
        transport.removeAllRequests()
    }
}
