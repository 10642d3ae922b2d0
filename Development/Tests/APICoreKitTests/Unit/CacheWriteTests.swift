import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// How network responses reach the cache, where a server cannot show it: a storage that fails, header variants.
@Suite("Cache writes of network responses")
struct CacheWriteTests {

    static func client(cache: CacheStore, cacheControl: String? = nil) -> APIClient {
        let transport = ClosureTransport { _ in
            var response = ClosureTransport.json(ProductBodies.product)
            if let cacheControl { response.headers["Cache-Control"] = cacheControl }
            return response
        }
        return APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport, cache: cache))
    }

    @Test("a failed cache write keeps the network value and reports the failure in the metadata")
    func failedWrite() async throws {
        let client = Self.client(cache: CacheStore(cache: FailingWritesCache()))
        let response = try await client.execute(ProductQuery(id: "1"))
        #expect(response.value.product?.title == "Engine")
        #expect(response.metadata.source == .network)
        #expect(response.metadata.cacheWriteError?.code == .storage)
    }

    @Test("the metadata reports the size of the body, which the client no longer holds once it has read it")
    func responseSize() async throws {
        let client = Self.client(cache: CacheStore())
        let response = try await client.execute(ProductQuery(id: "1"))
        #expect(response.metadata.responseBytes == ProductBodies.product.utf8.count)
        let document = try await client.execute(
            document: "query { product(id: \"1\") { title } }", as: JSONValue.self)
        #expect(document.metadata.responseBytes == ProductBodies.product.utf8.count)
    }

    @Test("max-age among other Cache-Control directives bounds how long the response is served")
    func maxAgeAmongDirectives() async throws {
        let clock = ManualDate()
        let cache = CacheStore(now: { clock.now })
        let client = Self.client(cache: cache, cacheControl: "private, Max-Age=30, must-revalidate")
        let response = try await client.execute(ProductQuery(id: "1"))
        #expect(response.metadata.cacheWriteError == nil)
        clock.advance(by: 29)
        #expect(try cache.read(ProductQuery(id: "1")).product?.title == "Engine")
        clock.advance(by: 2)
        let error = #expect(throws: CacheError.self) { try cache.read(ProductQuery(id: "1")) }
        #expect(error?.code == .expired)
    }

    @Test("no-store, in any case, keeps the response out of the cache")
    func noStore() async throws {
        let cache = CacheStore()
        let client = Self.client(cache: cache, cacheControl: "No-Store")
        _ = try await client.execute(ProductQuery(id: "1"))
        #expect(throws: CacheError.self) { try cache.read(ProductQuery(id: "1")) }
    }
}

/// Which network failures `networkFirst` answers from the cache, with failures a live server cannot produce on demand.
@Suite("networkFirst fallback")
struct NetworkFirstFallbackTests {
    enum Failure: String, CaseIterable, Sendable {
        case unreachable, timedOut, badGateway, badRequest, graphQLErrors
    }

    @Test(
        "the cache answers for unreachable servers, timeouts and 5xx, never for 4xx or GraphQL errors",
        arguments: Failure.allCases)
    func fallback(_ failure: Failure) async throws {
        let cache = CacheStore()
        _ = try await CacheWriteTests.client(cache: cache).execute(ProductQuery(id: "1"))
        let transport = ClosureTransport { _ in
            switch failure {
            case .unreachable: throw URLError(.cannotConnectToHost)
            case .timedOut: throw URLError(.timedOut)
            case .badGateway: return HTTPResponse(statusCode: 502, headers: ["Content-Type": "text/plain"])
            case .badRequest: return HTTPResponse(statusCode: 400, headers: ["Content-Type": "text/plain"])
            case .graphQLErrors:
                return ClosureTransport.json(#"{"data":null,"errors":[{"message":"Cannot query field"}]}"#)
            }
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport, cache: cache,
                defaultCachePolicy: .networkFirst))
        let result: Result<APIResponse<ProductQuery.Data>, APIError>
        do {
            result = .success(try await client.execute(ProductQuery(id: "1")))
        } catch {
            result = .failure(error)
        }
        switch failure {
        case .unreachable, .timedOut, .badGateway:
            let response = try result.get()
            #expect(response.metadata.source == .cache)
            #expect(response.metadata.networkError?.isNetworkFailure == true)
        case .badRequest, .graphQLErrors:
            #expect(throws: APIError.self) { try result.get() }
        }
    }
}
