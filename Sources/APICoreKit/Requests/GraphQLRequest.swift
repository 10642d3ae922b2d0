/// A GraphQL call as a feature kit defines it: an operation and the mapping of its data to a domain model.
///
/// View models and repositories see only the domain value; the generated types stay inside the kit.
///
/// ```swift
/// struct GetUserRequest: GraphQLRequest {
///     let operation: UserDetailsQuery
///     func map(data: UserDetailsQuery.Data) throws -> User { ... }
/// }
/// let user = try await client.send(GetUserRequest(operation: .init(id: "1"))).value
/// ```
public protocol GraphQLRequest: Sendable {
    /// The generated operation.
    associatedtype Operation: GraphQLOperation
    /// The domain value.
    associatedtype Value: Sendable

    /// The operation with its variables.
    var operation: Operation { get }

    /// Per-call settings.
    var options: RequestOptions { get }

    /// Maps the operation's data to the domain value; a thrown error fails the call with
    /// ``APIError/Code/mappingFailed``.
    func map(data: Operation.Data) throws -> Value

    /// The step after mapping, for every response whatever its source (network or cache): validates the domain value
    /// or post-processes it, with its errors and metadata at hand. A thrown error fails the call with
    /// ``APIError/Code/mappingFailed``. By default the response passes unchanged.
    func process(_ response: APIResponse<Value>) throws -> APIResponse<Value>
}

extension GraphQLRequest {
    /// The default options: the client's configuration decides everything.
    public var options: RequestOptions { RequestOptions() }

    /// Returns the response unchanged.
    public func process(_ response: APIResponse<Value>) throws -> APIResponse<Value> { response }
}
