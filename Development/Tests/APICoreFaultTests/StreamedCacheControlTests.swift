import APICoreCache
import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// Streamed results (`@defer` states, multipart subscription events) reach the cache by the rules of one-shot
/// results: the response's `Cache-Control: no-store` keeps them out, its `max-age` bounds how long they are served,
/// and a failed write is reported in each response's metadata while the value is still delivered.
@Suite("Streamed results and Cache-Control", .timeLimit(.minutes(10)))
struct StreamedCacheControlTests {
    /// How the results stream in.
    enum Delivery: String, CaseIterable, Sendable {
        case deferred, subscription
    }

    /// A multipart body of `parts`.
    static func multipart(_ parts: [String]) -> [UInt8] {
        let body = parts.map { "--graphql\r\nContent-Type: application/json\r\n\r\n\($0)\r\n" }.joined()
        return Array((body + "--graphql--\r\n").utf8)
    }

    /// The scripted response for `delivery`, with `headers` besides its content type.
    static func response(_ delivery: Delivery, headers: [(String, String)]) -> FaultServer.Fault {
        switch delivery {
        case .deferred:
            let first = #"{"data":{"user":{"__typename":"User","id":"1","name":"Ada"}},"hasNext":true}"#
            let second =
                #"{"incremental":[{"data":{"__typename":"User","email":"ada@example.com","followerCount":3},"#
                + #""path":["user"],"label":"details"}],"hasNext":false}"#
            return .response(
                status: 200,
                headers: [("Content-Type", #"multipart/mixed; boundary="graphql"; deferSpec=20220824"#)] + headers,
                body: multipart([first, second]))
        case .subscription:
            return .response(
                status: 200,
                headers: [("Content-Type", #"multipart/mixed; boundary="graphql"; subscriptionSpec="1.0""#)] + headers,
                body: multipart([#"{"payload":{"data":{"countdown":3}}}"#, #"{"payload":{"data":{"countdown":2}}}"#]))
        }
    }

    /// Runs `delivery` against a server answering with `headers`, with `cache`; returns each response's metadata.
    static func run(
        _ delivery: Delivery,
        headers: [(String, String)],
        cache: CacheStore,
        transport: TestTransport
    ) async throws -> [ResponseMetadata] {
        try await FaultServer.with(response(delivery, headers: headers)) { server in
            var configuration = APIClientConfiguration(
                graphQLEndpoint: server.endpoint, transport: transport.make(), timeout: .seconds(120))
            configuration.cache = cache
            configuration.subscriptionTransport = MultipartSubscriptionTransport(configuration: configuration)
            let client = APIClient(configuration: configuration)
            var metadata: [ResponseMetadata] = []
            switch delivery {
            case .deferred:
                for try await response in client.executeIncrementally(UserDeferredQuery(id: "1")) {
                    metadata.append(response.metadata)
                }
            case .subscription:
                for try await response in client.subscribe(CountdownSubscription(from: 3)) {
                    metadata.append(response.metadata)
                }
            }
            return metadata
        }
    }

    /// Reads what `delivery` wrote, as the cache serves it now.
    static func read(_ delivery: Delivery, from cache: CacheStore) throws(CacheError) {
        switch delivery {
        case .deferred: _ = try cache.read(UserDeferredQuery(id: "1"))
        case .subscription: _ = try cache.read(CountdownSubscription(from: 3))
        }
    }

    @Test(
        "no-store: every result is delivered and none is written",
        arguments: TestTransport.allCases, Delivery.allCases)
    func noStore(transport: TestTransport, _ delivery: Delivery) async throws {
        let cache = CacheStore()
        let metadata = try await Self.run(
            delivery, headers: [("Cache-Control", "private, No-Store")], cache: cache, transport: transport)
        #expect(metadata.count == 2)
        #expect(metadata.allSatisfy { $0.cacheWriteError == nil })
        #expect(try cache.cache.allKeys().isEmpty)
    }

    @Test(
        "max-age bounds how long the written results are served",
        arguments: TestTransport.allCases, Delivery.allCases)
    func maxAge(transport: TestTransport, _ delivery: Delivery) async throws {
        let clock = ManualDate()
        let cache = CacheStore(now: { clock.now })
        let metadata = try await Self.run(
            delivery, headers: [("Cache-Control", "max-age=30")], cache: cache, transport: transport)
        #expect(metadata.count == 2)
        clock.advance(by: 29)
        try Self.read(delivery, from: cache)
        clock.advance(by: 2)
        let error = #expect(throws: CacheError.self) { try Self.read(delivery, from: cache) }
        #expect(error?.code == .expired)
    }

    @Test(
        "a failed cache write is reported in each result's metadata, and the results still arrive",
        arguments: TestTransport.allCases, Delivery.allCases)
    func failedWrite(transport: TestTransport, _ delivery: Delivery) async throws {
        let metadata = try await Self.run(
            delivery, headers: [], cache: CacheStore(cache: FailingWritesCache()), transport: transport)
        #expect(metadata.count == 2)
        #expect(metadata.map { $0.cacheWriteError?.code } == [.storage, .storage])
        #expect(metadata.allSatisfy { $0.source == .network && $0.statusCode == 200 })
    }
}
