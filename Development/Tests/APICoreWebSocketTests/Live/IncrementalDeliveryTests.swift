import APICoreKit
import APICoreTestSupport
import Testing

/// `@defer` over HTTP against strawberry, which answers with `multipart/mixed` in the current format.
@Suite("Incremental delivery: live")
struct IncrementalDeliveryTests {
    @Test("the deferred part fills in as a second value", arguments: TestTransport.allCases)
    func deferWithStrawberry(transport: TestTransport) async throws {
        let server = try await ReferenceServer.shared(.strawberry)
        let client = APIClient(
            configuration: APIClientConfiguration(graphQLEndpoint: server.url("/graphql"), transport: transport.make()))
        var values: [UserDeferredQuery.Data] = []
        for try await response in client.executeIncrementally(UserDeferredQuery(id: "1")) {
            #expect(response.errors.isEmpty)
            values.append(response.value)
        }
        try #require(values.count == 2)
        let initial = try #require(values[0].user)
        #expect(initial.name == "Ada Lovelace")
        #expect(initial.deferredDetails == nil)
        #expect(values[1].user?.name == "Ada Lovelace")
        #expect(values[1].user?.deferredDetails?.email == "ada@example.com")
        #expect(values[1].user?.deferredDetails?.followerCount == 9_007_199_254_740_993)
    }

    @Test("a server without @defer support answers once, and that is the only value", arguments: TestTransport.allCases)
    func singleResult(transport: TestTransport) async throws {
        let server = try await ReferenceServer.shared(.strawberry)
        let client = APIClient(
            configuration: APIClientConfiguration(graphQLEndpoint: server.url("/graphql"), transport: transport.make()))
        var names: [String?] = []
        for try await response in client.executeIncrementally(UserDetailsQuery(id: "2")) {
            names.append(response.value.user?.name)
        }
        #expect(names == ["Grace Hopper"])
    }
}
