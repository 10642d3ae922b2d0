import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// The same calls against two independent server implementations.
@Suite("Interoperability: strawberry and ariadne")
struct InteroperabilityTests {
    static let implementations: [ReferenceServer.Implementation] = [.strawberry, .ariadne]

    func live(_ implementation: ReferenceServer.Implementation, _ transport: TestTransport) async throws -> LiveClient {
        switch implementation {
        case .strawberry: try await LiveClient.strawberry(transport: transport)
        case .ariadne: try await LiveClient.ariadne(transport: transport)
        }
    }

    @Test("a generated query decodes the same from both", arguments: TestTransport.allCases, implementations)
    func query(transport: TestTransport, implementation: ReferenceServer.Implementation) async throws {
        let response = try await live(implementation, transport).client().execute(
            UserDetailsQuery(id: "1", withEmail: true))
        let user = try #require(response.value.user)
        #expect(user.followerCount == 9_007_199_254_740_993)
        #expect(user.role == .admin)
        #expect(user.email == "ada@example.com")
    }

    @Test(
        "a mutation with an absent, a null and a set variable works on both",
        arguments: TestTransport.allCases, implementations)
    func mutation(transport: TestTransport, implementation: ReferenceServer.Implementation) async throws {
        let client = try await live(implementation, transport).client()
        let created = try await client.execute(
            CreateUserMutation(name: "Frances Allen", email: .null, role: .some(.known(.admin))))
        #expect(created.value.createUser.email == nil)
        #expect(created.value.createUser.role == .admin)
        let defaulted = try await client.execute(CreateUserMutation(name: "Kathleen Booth"))
        #expect(defaulted.value.createUser.role == .member)
    }

    @Test("partial data keeps its errors on both", arguments: TestTransport.allCases, implementations)
    func partialData(transport: TestTransport, implementation: ReferenceServer.Implementation) async throws {
        let response = try await live(implementation, transport).client().execute(
            document: "query Partial { user(id: \"2\") { name secret } }", operationName: "Partial",
            as: JSONValue.self)
        #expect(response.value["user"]?["name"] == "Grace Hopper")
        #expect(response.errors.map(\.path) == [["user", "secret"]])
    }

    @Test(
        "a validation error is errors without data: strawberry says 200, ariadne 400, both read the body",
        arguments: TestTransport.allCases, [(ReferenceServer.Implementation.strawberry, 200), (.ariadne, 400)])
    func validationError(
        transport: TestTransport, server: (implementation: ReferenceServer.Implementation, status: Int)
    ) async throws {
        let (implementation, status) = server
        let client = try await live(implementation, transport).client()
        await #expect {
            _ = try await client.execute(document: "query Bad { nope }", operationName: "Bad", as: JSONValue.self)
        } throws: { error in
            let error = error as? APIError
            return error?.code == .graphQL && error?.statusCode == status
                && error?.graphQLErrors.first?.message.contains("nope") == true
        }
    }
}
