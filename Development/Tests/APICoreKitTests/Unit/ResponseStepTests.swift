import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// A feature kit's step after mapping: it sees every response, from the network and from the cache, and its failure
/// is ``APIError/Code/mappingFailed`` naming the call.
@Suite("Response steps of GraphQL and REST requests")
struct ResponseStepTests {
    struct Price: Equatable {
        var title: String
        var cents: Int
    }

    struct PriceTooLow: Error {}

    /// Maps a product to its price, and refuses prices under `minimum` in its response step, marking the rest.
    struct PriceRequest: GraphQLRequest {
        let operation = ProductQuery(id: "1")
        let minimum: Int
        var options: RequestOptions { RequestOptions(cachePolicy: .cacheFirst) }

        func map(data: ProductQuery.Data) throws -> Price {
            Price(title: data.product?.title ?? "", cents: data.product?.priceCents ?? 0)
        }

        func process(_ response: APIResponse<Price>) throws -> APIResponse<Price> {
            guard response.value.cents >= minimum else { throw PriceTooLow() }
            return response.map { Price(title: "\($0.title) (\(response.metadata.source))", cents: $0.cents) }
        }
    }

    @Test("the step transforms network and cached values alike, and its failure is mappingFailed with the name")
    func graphQLStep() async throws {
        let client = CacheWriteTests.client(cache: CacheStore())
        let network = try await client.send(PriceRequest(minimum: 1))
        #expect(network.value == Price(title: "Engine (network)", cents: 5))
        let cached = try await client.send(PriceRequest(minimum: 1))
        #expect(cached.value == Price(title: "Engine (cache)", cents: 5))
        let error = await #expect(throws: APIError.self) { _ = try await client.send(PriceRequest(minimum: 10)) }
        #expect(error?.code == .mappingFailed)
        #expect(error?.operationName == "Product")
        #expect(error?.underlying is PriceTooLow)
    }

    struct Greeting: Decodable, Sendable, Equatable {
        var text: String
    }

    struct EmptyGreeting: Error {}

    /// Refuses an empty greeting and trims the rest.
    struct GreetingRequest: RESTRequest {
        typealias Response = Greeting
        var method: HTTPMethod { .get }
        var path: String { "/greeting" }

        func process(_ response: APIResponse<Greeting>) throws -> APIResponse<Greeting> {
            let text = response.value.text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { throw EmptyGreeting() }
            return response.map { _ in Greeting(text: text) }
        }
    }

    @Test("a REST request's step validates and transforms the decoded value; its failure is mappingFailed")
    func restStep() async throws {
        func client(answering body: String) -> APIClient {
            APIClient(
                configuration: APIClientConfiguration(
                    graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!,
                    transport: ClosureTransport { _ in ClosureTransport.json(body) }))
        }
        let trimmed = try await client(answering: #"{"text":"  hello "}"#).send(GreetingRequest())
        #expect(trimmed.value == Greeting(text: "hello"))
        let error = await #expect(throws: APIError.self) {
            _ = try await client(answering: #"{"text":"   "}"#).send(GreetingRequest())
        }
        #expect(error?.code == .mappingFailed)
        #expect(error?.operationName == "GET /greeting")
        #expect(error?.statusCode == 200)
    }
}
