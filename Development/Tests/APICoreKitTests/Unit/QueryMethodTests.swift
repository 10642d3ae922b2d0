import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// How queries are sent with QUERY, and how the client falls back to POST where a server cannot show it (501, the
/// per-call choice after a fallback).
@Suite("The QUERY method")
struct QueryMethodTests {

    /// A client whose server answers `method` (QUERY by default) with `refusal` (nil: it accepts it) and POST with
    /// the product.
    static func client(
        refusingQueryWith refusal: Int?, method: HTTPMethod = .query
    ) -> (APIClient, ClosureTransport) {
        let transport = ClosureTransport { request in
            if request.method == method, let refusal {
                return HTTPResponse(statusCode: refusal, headers: ["Content-Type": "text/plain"], body: Data("no".utf8))
            }
            return ClosureTransport.json(
                request.kind == .graphQL(.mutation) ? ProductBodies.update : ProductBodies.product)
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport,
                queryMethod: method == .get ? .get : .query))
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

    @Test(
        "405 to GET: the endpoint takes POST only, so the call is POSTed once and succeeds, and later queries are POSTed"
    )
    func getFallsBack() async throws {
        let (client, transport) = Self.client(refusingQueryWith: 405, method: .get)
        let first = try await client.execute(ProductQuery(id: "1"))
        #expect(first.value.product?.title == "Engine")
        _ = try await client.execute(ProductQuery(id: "1"))
        // A call that asks for QUERY is not affected by GET's refusal.
        _ = try await client.execute(ProductQuery(id: "1"), options: RequestOptions(queryMethod: .query))
        #expect(transport.requests.map(\.method.rawValue) == ["GET", "POST", "POST", "QUERY"])
    }

    @Test("a POST answered 405 is an HTTP status error, not retried: the endpoint is not a GraphQL one")
    func postAnswered405() async throws {
        let transport = ClosureTransport { _ in
            HTTPResponse(
                statusCode: 405, headers: ["Content-Type": "text/plain", "Allow": "GET"], body: Data("no".utf8))
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport))
        let error = await #expect(throws: APIError.self) { try await client.execute(ProductQuery(id: "1")) }
        #expect(error?.code == .httpStatus)
        #expect(error?.statusCode == 405)
        #expect(transport.requests.map(\.method.rawValue) == ["POST"])
    }

    @Test("other failures of GET are not retried as POST", arguments: [400, 404, 414, 500])
    func otherGETStatuses(status: Int) async throws {
        let (client, transport) = Self.client(refusingQueryWith: status, method: .get)
        let error = await #expect(throws: APIError.self) { try await client.execute(ProductQuery(id: "1")) }
        #expect(error?.statusCode == status)
        #expect(transport.requests.map(\.method.rawValue) == ["GET"])
    }
}
