import APICoreKit
import APICoreTestSupport
import APICoreTesting
import Foundation
import Testing

@Suite("InMemoryTransport")
struct InMemoryTransportTests {
    @Test("stubs answer by operation name and unmatched requests get the default 404")
    func stubsByOperationName() async throws {
        let transport = InMemoryTransport()
        transport.stub(operationName: "UserDetails", .graphQL(data: Fixtures.userData()))
        let client = Fixtures.client(on: transport)

        let user = try await client.execute(UserDetailsQuery(id: "1")).value.user
        #expect(user?.name == "Ada Lovelace")
        #expect(user?.followerCount == 9_007_199_254_740_993)

        let error = await #expect(throws: APIError.self) {
            _ = try await client.execute(CreateUserMutation(name: "Radia"))
        }
        #expect(error?.code == .httpStatus)
        #expect(error?.statusCode == 404)
        #expect(transport.requests.map(\.operationName) == ["UserDetails", "CreateUser"])
    }

    @Test("the default answer is configurable")
    func configurableDefault() async throws {
        let transport = InMemoryTransport(defaultStub: .status(503))
        let client = Fixtures.client(on: transport)
        let first = await #expect(throws: APIError.self) { _ = try await client.execute(UserDetailsQuery(id: "1")) }
        #expect(first?.statusCode == 503)

        transport.defaultStub = .networkFailure
        let second = await #expect(throws: APIError.self) { _ = try await client.execute(UserDetailsQuery(id: "1")) }
        #expect(second?.code == .network)
    }

    @Test("queued stubs answer in order and the last one stays")
    func queuedStubs() async throws {
        let transport = InMemoryTransport()
        transport.stub(operationName: "UserDetails", .status(502))
        transport.stub(operationName: "UserDetails", .graphQL(data: Fixtures.userData(name: "First")))
        transport.stub(operationName: "UserDetails", .graphQL(data: Fixtures.userData(name: "Last")))
        let client = Fixtures.client(on: transport)

        let failure = await #expect(throws: APIError.self) { _ = try await client.execute(UserDetailsQuery(id: "1")) }
        #expect(failure?.statusCode == 502)
        var names: [String?] = []
        for _ in 0..<3 {
            names.append(try await client.execute(UserDetailsQuery(id: "1")).value.user?.name)
        }
        #expect(names == ["First", "Last", "Last"])
    }

    @Test("a stub queued after the last one has answered answers the next call")
    func stubAfterLastAnswered() async throws {
        let transport = InMemoryTransport()
        let client = Fixtures.client(on: transport)
        transport.stub(operationName: "UserDetails", .graphQL(data: Fixtures.userData(name: "Before")))
        #expect(try await client.execute(UserDetailsQuery(id: "1")).value.user?.name == "Before")

        transport.stub(operationName: "UserDetails", .graphQL(data: Fixtures.userData(name: "After")))
        transport.stub(operationName: "UserDetails", .graphQL(data: Fixtures.userData(name: "Later")))
        var names: [String?] = []
        for _ in 0..<3 {
            names.append(try await client.execute(UserDetailsQuery(id: "1")).value.user?.name)
        }
        #expect(names == ["After", "Later", "Later"])
    }

    @Test("recorded GraphQL requests carry the operation name, document and variables, for POST and GET")
    func recordedVariables() async throws {
        let transport = InMemoryTransport(defaultStub: .graphQL(data: ["user": nil]))
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: Fixtures.endpoint, transport: transport, queryMethod: .get))

        _ = try await client.execute(UserDetailsQuery(id: "1+2 &x=y", withEmail: true))
        _ = try? await client.execute(CreateUserMutation(name: "Radia", email: .null))

        let recorded = transport.graphQLRequests
        try #require(recorded.count == 2)
        #expect(recorded[0].method == .get)
        #expect(recorded[0].operationName == "UserDetails")
        #expect(recorded[0].query == UserDetailsQuery.document)
        #expect(recorded[0].variables == ["id": "1+2 &x=y", "withEmail": true])
        #expect(recorded[1].method == .post)
        #expect(recorded[1].variables == ["name": "Radia", "email": nil])
        #expect(recorded[1].variables.keys == ["name", "email"])
    }

    @Test("a stubbed response carries partial data with its errors and extensions")
    func partialData() async throws {
        let transport = InMemoryTransport()
        let fieldError = GraphQLError(
            message: "secret is classified", locations: [.init(line: 1, column: 3)], path: ["user", "secret"],
            extensions: ["code": "FORBIDDEN"])
        transport.stub(
            operationName: "UserDetails",
            .graphQL(data: Fixtures.userData(), errors: [fieldError], extensions: ["cost": 3]))
        let response = try await Fixtures.client(on: transport).execute(UserDetailsQuery(id: "1"))
        #expect(response.value.user?.id == "1")
        #expect(response.errors == [fieldError])
        #expect(response.extensions == ["cost": 3])
    }

    @Test("errors without data, raw bytes and thrown errors reach the caller as APIErrors")
    func failures() async throws {
        let transport = InMemoryTransport()
        let client = Fixtures.client(on: transport)
        func code(of stub: InMemoryTransport.Stub) async -> APIError? {
            transport.removeAllStubs()
            transport.stub(operationName: "UserDetails", stub)
            return await #expect(throws: APIError.self) { _ = try await client.execute(UserDetailsQuery(id: "1")) }
        }

        let graphQL = await code(of: .graphQLErrors([GraphQLError(message: "Cannot query field 'nope'")]))
        #expect(graphQL?.code == .graphQL)
        #expect(graphQL?.graphQLErrors.map(\.message) == ["Cannot query field 'nope'"])

        let truncated = await code(
            of: .raw(
                Data(#"{"data": {"user": {"id": "1", "name": "Ada"#.utf8), headers: ["Content-Type": "application/json"]
            ))
        #expect(truncated?.code == .parsing)

        let unauthorized = await code(of: .status(401))
        #expect(unauthorized?.code == .unauthorized)

        let network = await code(of: .networkFailure)
        #expect(network?.code == .network)
        #expect(network?.operationName == "UserDetails")

        let timeout = await code(of: .error(.timeout))
        #expect(timeout?.code == .timeout)
    }

    @Test("REST requests are stubbed by method and path, with or without a leading slash")
    func restStubs() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, "/rest/users/1", .json(["id": "1", "name": "Ada Lovelace"]))
        transport.stub(.post, "rest/users", .json(["id": "101", "name": "Radia"], status: 201))
        let client = Fixtures.client(on: transport)

        let user = try await client.send(RESTCall<RESTUser, EmptyBody>(.get, "rest/users/1"))
        #expect(user.value == RESTUser(id: "1", name: "Ada Lovelace"))
        let created = try await client.send(
            RESTCall<RESTUser, NewUser>(.post, "/rest/users", body: NewUser(name: "Radia")))
        #expect(created.metadata.statusCode == 201)
        #expect(created.value.id == "101")

        let missing = await #expect(throws: APIError.self) {
            _ = try await client.send(RESTCall<RESTUser, EmptyBody>(.delete, "/rest/users/1"))
        }
        #expect(missing?.statusCode == 404)

        let sent = transport.requests
        #expect(sent.map(\.method) == [.get, .post, .delete])
        #expect(sent[0].url.absoluteString == "https://api.example.test/rest/users/1")
        #expect(try JSONReader().read(try #require(sent[1].body)) == ["name": "Radia"])
        #expect(transport.graphQLRequests.isEmpty)
    }

    @Test("cancelling a call waiting on a delayed stub ends it at once with cancelled")
    func cancelDelayedStub() async throws {
        let transport = InMemoryTransport()
        transport.stub(operationName: "UserDetails", .graphQL(data: Fixtures.userData()).delayed(by: .seconds(3600)))
        let client = Fixtures.client(on: transport)
        let call = Task { try await client.execute(UserDetailsQuery(id: "1")) }

        let arrived = await transport.waitForRequests(count: 1)
        #expect(arrived.map(\.operationName) == ["UserDetails"])
        call.cancel()
        let result = await call.result
        #expect(throws: APIError.self) { _ = try result.get() }
        if case .failure(let error) = result {
            #expect((error as? APIError)?.code == .cancelled)
        }
    }

    @Test("a delayed stub answers after its delay when nobody cancels")
    func delayedStubAnswers() async throws {
        let transport = InMemoryTransport()
        transport.stub(operationName: "UserDetails", .graphQL(data: Fixtures.userData()).delayed(by: .milliseconds(20)))
        let response = try await Fixtures.client(on: transport).execute(UserDetailsQuery(id: "1"))
        #expect(response.value.user?.id == "1")
    }
}
