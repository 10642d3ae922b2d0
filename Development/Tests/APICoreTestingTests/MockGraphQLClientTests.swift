import APICoreKit
import APICoreTestSupport
import APICoreTesting
import Foundation
import Testing

@Suite("MockGraphQLClient")
struct MockGraphQLClientTests {
    @Test("a stubbed operation decodes into its generated types through the real client")
    func stubWithJSON() async throws {
        let mock = MockGraphQLClient()
        mock.stub(UserDetailsQuery.self, data: Fixtures.userData())
        let response = try await mock.client.execute(UserDetailsQuery(id: "1"))
        #expect(response.value.user?.fragments.userFields.followerCount == 9_007_199_254_740_993)
        #expect(response.metadata.operationName == "UserDetails")
        #expect(response.metadata.statusCode == 200)
    }

    @Test("a stub can be a generated Data value")
    func stubWithTypedData() async throws {
        let mock = MockGraphQLClient()
        let data = try CreateUserMutation.Data(
            data: [
                "createUser": [
                    "__typename": "User", "id": "101", "name": "Radia", "email": nil, "role": "MEMBER",
                    "followerCount": 0,
                ]
            ])
        mock.stub(CreateUserMutation.self, data: data)
        let created = try await mock.client.execute(CreateUserMutation(name: "Radia")).value
        #expect(created == data)
        #expect(created.createUser.role == .member)
    }

    @Test("performed operations record name, kind and variables of every call, in order")
    func performedOperations() async throws {
        let mock = MockGraphQLClient()
        mock.stub(UserDetailsQuery.self, data: Fixtures.userData())
        mock.stub(UserDetailsQuery.self, data: Fixtures.userData(id: "2", email: "grace@example.com"))
        mock.stub(CreateUserMutation.self, data: ["createUser": nil])

        _ = try await mock.client.execute(UserDetailsQuery(id: "1"))
        _ = try? await mock.client.execute(CreateUserMutation(name: "Radia", role: .some(.known(.admin))))
        _ = try await mock.client.execute(UserDetailsQuery(id: "2", withEmail: true))

        #expect(mock.performedOperations.map(\.name) == ["UserDetails", "CreateUser", "UserDetails"])
        #expect(mock.performedOperations.map(\.type) == [.query, .mutation, .query])
        #expect(mock.performedOperations.first?.document == UserDetailsQuery.document)
        #expect(
            mock.performed(UserDetailsQuery.self) == [
                ["id": "1", "withEmail": false], ["id": "2", "withEmail": true],
            ])
        #expect(mock.performed(CreateUserMutation.self) == [["name": "Radia", "role": "ADMIN"]])
    }

    @Test("queued stubs: the first call fails over the network, the retry gets data")
    func queuedStubs() async throws {
        let mock = MockGraphQLClient()
        mock.stub(UserDetailsQuery.self, error: .network)
        mock.stub(UserDetailsQuery.self, data: Fixtures.userData())
        let first = await #expect(throws: APIError.self) {
            _ = try await mock.client.execute(UserDetailsQuery(id: "1"))
        }
        #expect(first?.code == .network)
        #expect(try await mock.client.execute(UserDetailsQuery(id: "1")).value.user?.id == "1")
    }

    @Test("GraphQL errors: partial data keeps its errors, errors without data fail with graphQL")
    func graphQLErrors() async throws {
        let mock = MockGraphQLClient()
        let fieldError = GraphQLError(message: "failing field", path: ["user", "email"])
        mock.stub(UserDetailsQuery.self, data: Fixtures.userData(), errors: [fieldError])
        let partial = try await mock.client.execute(UserDetailsQuery(id: "1"))
        #expect(partial.hasErrors)
        #expect(partial.errors.first?.path == ["user", "email"])

        mock.reset()
        mock.stub(UserDetailsQuery.self, errors: [GraphQLError(message: "Variable '$id' is required")])
        let failure = await #expect(throws: APIError.self) {
            _ = try await mock.client.execute(UserDetailsQuery(id: "1"))
        }
        #expect(failure?.code == .graphQL)
        #expect(failure?.graphQLErrors.first?.message == "Variable '$id' is required")
        #expect(mock.performedOperations.count == 1)
    }

    @Test("HTTP statuses without a GraphQL body fail with httpStatus or unauthorized")
    func httpStatus() async throws {
        let mock = MockGraphQLClient()
        mock.stub(UserDetailsQuery.self, status: 500)
        mock.stub(CreateUserMutation.self, status: 401)
        let server = await #expect(throws: APIError.self) {
            _ = try await mock.client.execute(UserDetailsQuery(id: "1"))
        }
        #expect(server?.code == .httpStatus)
        #expect(server?.statusCode == 500)
        let auth = await #expect(throws: APIError.self) {
            _ = try await mock.client.execute(CreateUserMutation(name: "Radia"))
        }
        #expect(auth?.code == .unauthorized)
    }

    @Test("a feature kit's GraphQLRequest maps the stubbed data to its domain model")
    func domainMapping() async throws {
        let mock = MockGraphQLClient()
        mock.stub(UserDetailsQuery.self, data: Fixtures.userData(id: "1", name: "Ada Lovelace", role: "ADMIN"))
        mock.stub(UserDetailsQuery.self, data: ["user": nil])

        let member = try await mock.client.send(GetMemberRequest(operation: UserDetailsQuery(id: "1")))
        #expect(member.value == Member(id: "1", displayName: "ADA LOVELACE", isAdmin: true))

        let missing = await #expect(throws: APIError.self) {
            _ = try await mock.client.send(GetMemberRequest(operation: UserDetailsQuery(id: "404")))
        }
        #expect(missing?.code == .mappingFailed)
        #expect(mock.performed(UserDetailsQuery.self).map { $0["id"] } == ["1", "404"])
    }

    @Test("the mock's client runs the configured interceptors and settings")
    func configuredClient() async throws {
        struct TokenInterceptor: APIInterceptor {
            func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
                var request = request
                request.headers["Authorization"] = "Bearer token-1"
                return try await next(request)
            }
        }
        let mock = MockGraphQLClient(interceptors: [TokenInterceptor()]) { $0.queryMethod = .get }
        mock.stub(UserDetailsQuery.self, data: Fixtures.userData())
        _ = try await mock.client.execute(UserDetailsQuery(id: "1"))
        let sent = try #require(mock.transport.requests.first)
        #expect(sent.method == .get)
        #expect(sent.headers["Authorization"] == "Bearer token-1")
        #expect(mock.performed(UserDetailsQuery.self) == [["id": "1", "withEmail": false]])
    }
}
