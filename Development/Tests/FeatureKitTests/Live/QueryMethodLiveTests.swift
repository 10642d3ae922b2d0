import APICoreKit
import APICoreTestSupport
import DemoServerKit
import Foundation
import ProductKit
import Testing
import UserKit

/// Queries sent with the HTTP QUERY method to the demo server, which accepts it: over real HTTP on loopback, through
/// `APIClient`.
@Suite("The QUERY method against the demo server")
struct QueryMethodLiveTests {
    @Test("a query sent with QUERY gets its data with the document in the body; a call's POST and a mutation stay POST")
    func queryMethod() async throws {
        let server = try await DemoServer.start(port: 0)
        do {
            let client = APIClient(
                configuration: APIClientConfiguration(
                    graphQLEndpoint: URL(string: server.graphQLURL)!, transport: TestTransport.platform.make(),
                    queryMethod: .query))
            let user = try await client.execute(UserProfileQuery(id: "u1"))
            #expect(user.value.user?.fragments.userFields.name == server.store.user(id: "u1")?.name)
            let product = try await client.execute(
                ProductDetailQuery(id: "p4"), options: RequestOptions(queryMethod: .post))
            #expect(product.value.product?.fragments.productFields.priceCents == 5_000_000_000)
            let changed = try await client.execute(UpdateProductPriceMutation(id: "p1", priceCents: 1234))
            #expect(changed.value.updateProductPrice?.fragments.productFields.priceCents == 1234)
            let again = try await client.execute(ProductDetailQuery(id: "p1"))
            #expect(again.value.product?.fragments.productFields.priceCents == 1234)

            let received = server.receivedGraphQLRequests
            #expect(received.map(\.method) == ["QUERY", "POST", "POST", "QUERY"])
            #expect(received.allSatisfy { $0.hasDocument })
        } catch {
            try? await server.stop()
            throw error
        }
        try await server.stop()
    }
}
