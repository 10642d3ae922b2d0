import APICoreGraphQL
import APICoreJSON
import APICoreKit
import Foundation

/// A transport that answers from stubs and records every request: the network of a feature kit's tests.
///
/// Stubs are looked up by route: a GraphQL request by its operation name (`HTTPRequest/operationName`), a REST
/// request by its method and path. Each route keeps a queue: the first call gets the first stub, the next call the
/// next one, and the last stub answers every call after that until another stub is queued, which then answers the
/// next call. A request without a stub gets ``defaultStub`` (404 unless configured otherwise).
///
/// ```swift
/// let transport = InMemoryTransport()
/// transport.stub(operationName: "UserDetails", .graphQL(data: ["user": ["__typename": "User", "id": "1"]]))
/// transport.stub(.get, "/rest/users/1", .json(["id": "1", "name": "Ada"]))
/// let client = APIClient(configuration: APIClientConfiguration(graphQLEndpoint: url, transport: transport))
/// ```
///
/// Everything a test does with the transport is safe from any task: the state lives behind a `Lock`.
public final class InMemoryTransport: HTTPTransport {
    /// Which requests a stub answers.
    public enum Route: Sendable, Hashable {
        /// GraphQL requests with this operation name (`anonymous query` for unnamed operations).
        case operation(String)
        /// REST requests with this method and path; the path is compared with a leading `/`, without the query.
        case rest(HTTPMethod, path: String)
    }

    struct State {
        var requests: [HTTPRequest] = []
        var stubs: [Route: [Stub]] = [:]
        /// Routes whose only stub left has answered a call.
        var answeredLast: Set<Route> = []
        var defaultStub: Stub
        var waiters: [UInt64: RequestWaiter] = [:]
        var nextWaiterID: UInt64 = 0
    }

    let state: Lock<State>

    /// A transport without stubs, answering every request with `defaultStub`.
    public init(defaultStub: Stub = .notFound) {
        state = Lock(State(defaultStub: defaultStub))
    }

    /// The answer to requests without a stub of their own.
    public var defaultStub: Stub {
        get { state.withLock { $0.defaultStub } }
        set { state.withLock { $0.defaultStub = newValue } }
    }

    /// Adds `stub` to the queue of `route`.
    public func stub(_ route: Route, _ stub: Stub) {
        state.withLock { state in
            let route = Self.normalized(route)
            // A last stub that has answered already makes way for the new one.
            if state.answeredLast.remove(route) != nil { state.stubs[route] = [] }
            state.stubs[route, default: []].append(stub)
        }
    }

    /// Adds `stub` to the queue of the GraphQL operation named `operationName`.
    public func stub(operationName: String, _ stub: Stub) {
        self.stub(.operation(operationName), stub)
    }

    /// Adds `stub` to the queue of REST requests with `method` and `path`.
    public func stub(_ method: HTTPMethod, _ path: String, _ stub: Stub) {
        self.stub(.rest(method, path: path), stub)
    }

    /// Forgets every stub (the default stays).
    public func removeAllStubs() {
        state.withLock { state in
            state.stubs.removeAll()
            state.answeredLast.removeAll()
        }
    }

    /// Every request received so far, in order of arrival.
    public var requests: [HTTPRequest] {
        state.withLock { $0.requests }
    }

    /// The GraphQL requests received so far, read back into operation name, document, variables and extensions.
    public var graphQLRequests: [RecordedGraphQLRequest] {
        requests.compactMap(RecordedGraphQLRequest.init)
    }

    /// Forgets the recorded requests.
    public func removeAllRequests() {
        state.withLock { $0.requests.removeAll() }
    }

    /// Records the request, then answers with its route's next stub after that stub's delay.
    ///
    /// A streamed body (an upload) is read to its end first, as a real transport sends it: its progress is reported,
    /// the request is recorded with the bytes read as its `body` (so it reads back after its files are
    /// gone), and a source that fails (a file that shrank) fails the call, which is recorded without a body.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var recorded = request
        var bodyFailure: (any Error)?
        if let stream = request.bodyStream {
            do {
                recorded.body = try Self.drain(stream)
                recorded.bodyStream = nil
            } catch {
                bodyFailure = error
            }
        }
        let (stub, satisfied) = state.withLock { state in
            state.requests.append(recorded)
            return (state.takeStub(for: Self.routes(of: request)), state.takeSatisfiedWaiters())
        }
        for waiter in satisfied { waiter.resume() }
        if let bodyFailure { throw bodyFailure }
        if let delay = stub.delay {
            try await Task.sleep(for: delay)
        }
        try Task.checkCancellation()
        switch stub.outcome {
        case .response(let response): return response
        case .failure(let error): throw error
        }
    }

    /// The stream's bytes, read from its start; throws when its source fails or ends at another length than the
    /// stream announced.
    private static func drain(_ stream: HTTPBodyStream) throws -> Data {
        let reader = try stream.makeReader()
        defer { reader.close() }
        var body = Data()
        body.reserveCapacity(stream.length)
        while true {
            try Task.checkCancellation()
            let chunk = try reader.read(upTo: 1 << 16)
            if chunk.isEmpty { break }
            body += chunk
        }
        guard body.count == stream.length else {
            throw APIError(
                .network, reason: "the request body ended after \(body.count) of its \(stream.length) bytes")
        }
        return body
    }

    /// The routes a request may be stubbed under, most specific first.
    static func routes(of request: HTTPRequest) -> [Route] {
        switch request.kind {
        case .graphQL:
            return [.operation(request.operationName)]
        case .rest:
            var routes: [Route] = []
            // REST requests are named `METHOD path`, with the path as the request type wrote it.
            if let space = request.operationName.firstIndex(of: " ") {
                let path = request.operationName[request.operationName.index(after: space)...]
                routes.append(.rest(request.method, path: Self.normalized(path: String(path))))
            }
            let urlPath = Self.normalized(path: request.url.path)
            if !routes.contains(.rest(request.method, path: urlPath)) {
                routes.append(.rest(request.method, path: urlPath))
            }
            return routes
        }
    }

    static func normalized(_ route: Route) -> Route {
        switch route {
        case .operation: route
        case .rest(let method, let path): .rest(method, path: normalized(path: path))
        }
    }

    static func normalized(path: String) -> String {
        let withoutQuery = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return withoutQuery.hasPrefix("/") ? String(withoutQuery) : "/" + withoutQuery
    }
}

extension InMemoryTransport.State {
    /// The next stub of the first route that has any: the queue's head, or its last stub, which stays until another
    /// is queued.
    mutating func takeStub(for routes: [InMemoryTransport.Route]) -> InMemoryTransport.Stub {
        for route in routes {
            guard var queue = stubs[route], let first = queue.first else { continue }
            if queue.count > 1 {
                queue.removeFirst()
                stubs[route] = queue
            } else {
                answeredLast.insert(route)
            }
            return first
        }
        return defaultStub
    }
}
