import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// How queries are sent with QUERY, and how the client falls back to POST where a server cannot show it (501, the
/// per-call choice after a fallback).
@Suite("The QUERY method")
struct QueryMethodTests {

    /// A client whose server answers QUERY with `refusal` (nil: it accepts QUERY) and POST with the product.
    static func client(refusingQueryWith refusal: Int?) -> (APIClient, ClosureTransport) {
        let transport = ClosureTransport { request in
            if request.method == .query, let refusal {
                return HTTPResponse(statusCode: refusal, headers: ["Content-Type": "text/plain"], body: Data("no".utf8))
            }
            return ClosureTransport.json(
                request.kind == .graphQL(.mutation) ? ProductBodies.update : ProductBodies.product)
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport,
                queryMethod: .query))
        return (client, transport)
    }

    @Test("a query goes out as QUERY with the JSON body a POST would carry")
    func sendsQuery() async throws {
        let (client, transport) = Self.client(refusingQueryWith: nil)
        let response = try await client.execute(ProductQuery(id: "1"))
        #expect(response.value.product?.title == "Engine")
        let request = try #require(transport.requests.first)
        #expect(request.method.rawValue == "QUERY")
        #expect(request.headers["Content-Type"] == "application/json")
        let body = try JSONReader().read(try #require(request.body))
        #expect(body["operationName"] == "Product")
        #expect(body["variables"]?["id"] == "1")
        #expect(body["query"]?.stringValue?.hasPrefix("query Product") == true)
    }

    @Test(
        "405 or 501 to QUERY: the call is POSTed once and succeeds, and later queries are POSTed",
        arguments: [405, 501])
    func fallsBack(status: Int) async throws {
        let (client, transport) = Self.client(refusingQueryWith: status)
        let first = try await client.execute(ProductQuery(id: "1"))
        #expect(first.value.product?.title == "Engine")
        #expect(first.metadata.statusCode == 200)
        // A call that asks for QUERY itself is POSTed too: the endpoint has said it does not do QUERY.
        _ = try await client.execute(ProductQuery(id: "1"), options: RequestOptions(queryMethod: .query))
        _ = try await client.execute(ProductQuery(id: "1"), options: RequestOptions(queryMethod: .get))
        #expect(transport.requests.map(\.method.rawValue) == ["QUERY", "POST", "POST", "GET"])
    }

    @Test("a mutation is POSTed whatever the query method, and other failures of QUERY are not retried as POST")
    func mutationsAndOtherStatuses() async throws {
        let (client, transport) = Self.client(refusingQueryWith: 503)
        let updated = try await client.execute(UpdateProductMutation(id: "1", title: "Engine"))
        #expect(updated.value.updateProduct?.title == "Engine")
        let error = await #expect(throws: APIError.self) { try await client.execute(ProductQuery(id: "1")) }
        #expect(error?.code == .httpStatus)
        #expect(error?.statusCode == 503)
        #expect(transport.requests.map(\.method.rawValue) == ["POST", "QUERY"])
    }
}
