import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreKit

@Suite("Persisted-query hashes of hand-written documents")
struct DocumentHashCacheTests {
    @Test("a document is hashed once per client; the cache stays within its capacity")
    func bounded() {
        let cache = DocumentHashCache(capacity: 2)
        for document in ["query A { a }", "query B { b }", "query A { a }", "query C { c }", "query A { a }"] {
            #expect(cache.hash(of: document) == GraphQLSHA256.hexDigest(of: Array(document.utf8)))
        }
        #expect(cache.count == 2)
    }

    @Test("a client sending the same hand-written document twice hashes it once and sends the same hash")
    func clientCachesHashes() async throws {
        let transport = ClosureTransport { _ in ClosureTransport.json(#"{"data":{"a":1}}"#) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport,
                persistedQueries: PersistedQueriesConfiguration()))
        let document = "query A { a }"
        for _ in 0..<2 {
            _ = try await client.execute(document: document, as: JSONValue.self)
        }
        #expect(client.documentHashes.count == 1)
        let hashes = try transport.requests.map { request in
            try JSONReader().read(request.body ?? Data())["extensions"]?["persistedQuery"]?["sha256Hash"]
        }
        #expect(hashes == Array(repeating: .string(GraphQLSHA256.hexDigest(of: Array(document.utf8))), count: 2))
    }
}
