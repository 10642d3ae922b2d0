import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON

/// A watch whose refetch after a miss fails or still lacks the data: the failure is an event, the watch goes on, and
/// no loop of requests follows. A scripted transport counts every request the client sends.
@Suite("Watching queries: no refetch loop")
struct WatchRefetchLoopTests {
    /// How the scripted server answers once it breaks.
    enum Breakage: String, CaseIterable, CustomTestStringConvertible {
        /// Data without the field the watch misses.
        case lacksData
        /// Errors without data.
        case errorsWithoutData
        /// HTTP 503 without a GraphQL body.
        case unavailable

        var testDescription: String { rawValue }

        var response: HTTPResponse {
            switch self {
            case .lacksData:
                ClosureTransport.json(
                    #"{"data":{"product":{"__typename":"Product","id":"1","priceCents":5,"owner":null}}}"#)
            case .errorsWithoutData:
                ClosureTransport.json(#"{"data":null,"errors":[{"message":"product store offline"}]}"#)
            case .unavailable:
                ClosureTransport.json("down", status: 503, contentType: "text/plain")
            }
        }

        var code: APIError.Code {
            switch self {
            case .lacksData: .decoding
            case .errorsWithoutData: .graphQL
            case .unavailable: .httpStatus
            }
        }
    }

    static let engine =
        #"{"data":{"product":{"__typename":"Product","id":"1","title":"Engine","priceCents":5,"owner":null}}}"#

    @Test(
        "a failed refetch is one failure event; further misses send nothing; a later write delivers",
        arguments: Breakage.allCases)
    func failedRefetch(breakage: Breakage) async throws {
        let broken = Lock(false)
        let transport = ClosureTransport { _ in
            broken.withLock { $0 } ? breakage.response : ClosureTransport.json(Self.engine)
        }
        let cache = CacheStore()
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport, cache: cache))
        var watch = client.watch(ProductQuery(id: "1")).makeAsyncIterator()
        let first = try #require(await watch.next()).get()
        #expect(first.value.product?.title == "Engine")
        #expect(transport.requests.count == 1)

        broken.withLock { $0 = true }
        try cache.evict(field: CacheFieldID(key: "Product:1", field: "title"))
        let failure = try #require(await watch.next())
        let error = #expect(throws: APIError.self) { try failure.get() }
        #expect(error?.code == breakage.code)
        #expect(transport.requests.count == 2)

        // Another write that leaves the data incomplete: no refetch until a complete value has been delivered.
        try cache.evict(field: CacheFieldID(key: "Product:1", field: "priceCents"))
        broken.withLock { $0 = false }
        try cache.write(
            try ProductQuery.Data(data: [
                "product": ["__typename": "Product", "id": "1", "title": "Engine II", "priceCents": 6, "owner": nil]
            ]),
            for: ProductQuery(id: "1"))
        let written = try #require(await watch.next()).get()
        #expect(written.metadata.source == .cache)
        #expect(written.value.product?.title == "Engine II")
        #expect(transport.requests.count == 2)

        // Complete again, so the next miss refetches, once, and the server's value is delivered.
        try cache.evict(field: CacheFieldID(key: "Product:1", field: "title"))
        let refetched = try #require(await watch.next()).get()
        #expect(refetched.metadata.source == .network)
        #expect(refetched.value.product?.title == "Engine")
        #expect(transport.requests.count == 3)
    }
}
