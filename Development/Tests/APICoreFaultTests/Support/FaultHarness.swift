import APICoreCache
import APICoreKit
import APICoreTestSupport
import Foundation
import StarWarsFixture

/// A client with an in-memory cache, pointed at a fault server, and what a call through it produced.
struct FaultHarness {
    let server: FaultServer
    let cache = CacheStore()
    let client: APIClient

    /// A harness on `server` (or on `endpoint`, when given) over a new `transport`; `configure` adjusts the
    /// configuration (timeout 120 s, no interceptors) first.
    init(
        server: FaultServer,
        endpoint: URL? = nil,
        transport: TestTransport,
        configure: (inout APIClientConfiguration) -> Void = { _ in }
    ) {
        self.server = server
        var configuration = APIClientConfiguration(
            graphQLEndpoint: endpoint ?? server.endpoint, transport: transport.make(), timeout: .seconds(120))
        configuration.cache = cache
        configure(&configuration)
        client = APIClient(configuration: configuration)
    }

    /// Runs `HeroAndFriendsNamesWithIDs` from the network.
    func heroAndFriends() async -> Result<APIResponse<HeroAndFriendsNamesWithIDsQuery.Data>, APIError> {
        await execute(HeroAndFriendsNamesWithIDsQuery())
    }

    /// Runs an operation from the network, whatever the outcome.
    func execute<Operation: GraphQLQuery>(
        _ operation: Operation,
        options: RequestOptions = RequestOptions()
    ) async -> Result<APIResponse<Operation.Data>, APIError> {
        var options = options
        options.cachePolicy = .networkOnly
        do {
            return .success(try await client.execute(operation, options: options))
        } catch {
            return .failure(error)
        }
    }

    /// The error of a failed call; `nil` when it succeeded, for `#require` to report.
    func error<Value>(of result: Result<Value, APIError>) -> APIError? {
        switch result {
        case .success: nil
        case .failure(let error): error
        }
    }

    /// Every key the cache holds.
    var cachedKeys: Set<CacheKey> {
        (try? cache.cache.allKeys()) ?? []
    }

    /// Returns once the server has seen the client go away `count` times: as soon as it does, with no deadline of its
    /// own (URLSession on Linux, under a full suite's load, has taken more than 20 s to close a connection it
    /// cancelled). A client that never lets go keeps the test waiting until its suite's time limit cancels the wait
    /// and fails it.
    func waitUntilAbandoned(_ count: Int = 1) async {
        await server.waitUntilAbandoned(count)
    }
}

/// Response bodies of the Star Wars API.
enum StarWarsBodies {
    /// `HeroAndFriendsNamesWithIDs` with two friends.
    static let heroAndFriends = """
        {"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[\
        {"__typename":"Human","id":"1000","name":"Luke Skywalker"},\
        {"__typename":"Human","id":"1002","name":"Han Solo"}]}}}
        """
}
