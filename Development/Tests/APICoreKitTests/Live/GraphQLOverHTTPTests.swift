import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@Suite("GraphQL over HTTP against the strawberry reference server")
struct GraphQLOverHTTPTests {
    @Test("a generated query decodes with its fragment, enum and exact Long", arguments: TestTransport.allCases)
    func query(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let response = try await live.client().execute(UserDetailsQuery(id: "1", withEmail: true))
        let user = try #require(response.value.user)
        #expect(user.name == "Ada Lovelace")
        #expect(user.role == .admin)
        #expect(user.followerCount == 9_007_199_254_740_993)
        #expect(user.email == "ada@example.com")
        #expect(response.errors.isEmpty)
        #expect(response.metadata.source == .network)
        #expect(response.metadata.statusCode == 200)
        #expect(response.metadata.operationName == "UserDetails")
        let stats = try await live.stats()
        #expect(stats.lastMethod == "POST")
        #expect(stats.lastHeaders["accept"] == "application/graphql-response+json, application/json;q=0.9")
        #expect(stats.lastHeaders["content-type"] == "application/json")
    }

    @Test(
        "variables are sent: a skipped @include field is absent and decodes as nil",
        arguments: TestTransport.allCases)
    func variables(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let response = try await live.client().execute(UserDetailsQuery(id: "2", withEmail: false))
        let user = try #require(response.value.user)
        #expect(user.name == "Grace Hopper")
        #expect(user.email == nil)
        #expect(user.__data["email"] == nil)
        let missing = try await live.client().execute(UserDetailsQuery(id: "404"))
        #expect(missing.value.user == nil)
    }

    @Test(
        "a mutation changes the server's data, and absent variables keep the schema default",
        arguments: TestTransport.allCases)
    func mutation(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client()
        let created = try await client.execute(CreateUserMutation(name: "Barbara Liskov", email: "bl@example.com"))
        #expect(created.value.createUser.name == "Barbara Liskov")
        #expect(created.value.createUser.role == .member)
        let explicitNull = try await client.execute(
            CreateUserMutation(name: "Edsger", email: .null, role: .some(.known(.guest))))
        #expect(explicitNull.value.createUser.email == nil)
        #expect(explicitNull.value.createUser.role == .guest)
        let readBack = try await client.execute(UserDetailsQuery(id: created.value.createUser.id, withEmail: true))
        #expect(readBack.value.user?.email == "bl@example.com")
    }

    @Test("queries go out as GET when configured; mutations stay POST", arguments: TestTransport.allCases)
    func getQueries(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(queryMethod: .get)
        let response = try await client.execute(UserDetailsQuery(id: "1", withEmail: true))
        #expect(response.value.user?.followerCount == 9_007_199_254_740_993)
        var stats = try await live.stats()
        #expect(stats.lastMethod == "GET")
        #expect(stats.query.contains("operationName=UserDetails"))
        _ = try await client.execute(CreateUserMutation(name: "Posted"))
        stats = try await live.stats()
        #expect(stats.lastMethod == "POST")
    }

    @Test(
        "a server that refuses QUERY with 405 gets the query again as POST, and every later query as POST",
        arguments: TestTransport.allCases)
    func queryMethodFallsBackToPOST(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client { $0.queryMethod = .query }
        let first = try await client.execute(UserDetailsQuery(id: "1", withEmail: true))
        #expect(first.value.user?.name == "Ada Lovelace")
        #expect(first.metadata.statusCode == 200)
        var stats = try await live.stats()
        #expect(stats.requests == 2)
        #expect(stats.statusCounts[405] == 1)
        #expect(stats.lastMethod == "POST")
        let second = try await client.execute(UserDetailsQuery(id: "2"))
        #expect(second.value.user?.name == "Grace Hopper")
        stats = try await live.stats()
        #expect(stats.requests == 3)
        #expect(stats.statusCounts[405] == 1)
        #expect(stats.lastMethod == "POST")
    }

    @Test(
        "GET names the operation in X-Apollo-Operation-Name for CSRF-protected servers; POST does not need to",
        arguments: TestTransport.allCases)
    func operationNameHeader(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(queryMethod: .get)
        _ = try await client.execute(UserDetailsQuery(id: "1"))
        var stats = try await live.stats()
        #expect(stats.lastMethod == "GET")
        #expect(stats.lastHeaders["x-apollo-operation-name"] == "UserDetails")
        _ = try await client.execute(CreateUserMutation(name: "Posted"))
        stats = try await live.stats()
        #expect(stats.lastMethod == "POST")
        #expect(stats.lastHeaders["x-apollo-operation-name"] == nil)

        let renamed = live.client(queryMethod: .get) { $0.operationNameHeader = "Apollo-Require-Preflight" }
        _ = try await renamed.execute(document: "{ users { id } }", as: JSONValue.self)
        stats = try await live.stats()
        #expect(stats.lastHeaders["apollo-require-preflight"] == "anonymous query")
        #expect(stats.lastHeaders["x-apollo-operation-name"] == nil)

        let without = live.client(queryMethod: .get) { $0.operationNameHeader = nil }
        _ = try await without.execute(UserDetailsQuery(id: "1"))
        stats = try await live.stats()
        #expect(stats.lastMethod == "GET")
        #expect(stats.lastHeaders["x-apollo-operation-name"] == nil)
    }

    @Test(
        "GET: variables with +, &, =, #, % and non-ASCII arrive intact; the endpoint's own query is sent as written",
        arguments: TestTransport.allCases)
    func getEscaping(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(path: "/graphql?tag=a+b%2Fc", queryMethod: .get)
        let id = "1+&=#é 🙂%20;x"
        let response = try await client.execute(UserDetailsQuery(id: id))
        #expect(response.value.user == nil)
        let stats = try await live.stats()
        #expect(stats.lastMethod == "GET")
        #expect(stats.query.hasPrefix("tag=a+b%2Fc&"))
        let items = stats.formDecodedQuery
        #expect(items.first == URLQueryItem(name: "tag", value: "a b/c"))
        #expect(items.first { $0.name == "query" }?.value == UserDetailsQuery.document)
        let variables = try #require(items.first { $0.name == "variables" }?.value)
        #expect(try JSONReader().read(Data(variables.utf8))["id"] == .string(id))
    }

    @Test(
        "APQ: the hash goes first, the document follows PersistedQueryNotFound, then the hash alone suffices",
        arguments: TestTransport.allCases)
    func persistedQueries(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(persistedQueries: PersistedQueriesConfiguration())
        let first = try await client.execute(UserDetailsQuery(id: "1"))
        #expect(first.value.user?.name == "Ada Lovelace")
        var stats = try await live.stats()
        #expect(stats.requests == 2)
        #expect(stats.lastBodyText.contains("\"query\""))
        let second = try await client.execute(UserDetailsQuery(id: "2"))
        #expect(second.value.user?.name == "Grace Hopper")
        stats = try await live.stats()
        #expect(stats.requests == 3)
        #expect(!stats.lastBodyText.contains("\"query\""))
        #expect(stats.lastBodyText.contains(UserDetailsQuery.operationIdentifier!))
    }

    @Test(
        "APQ over GET: hash-only queries use GET, the registration retry uses POST",
        arguments: TestTransport.allCases)
    func persistedQueriesOverGET(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(persistedQueries: PersistedQueriesConfiguration(usesGETForHashedQueries: true))
        _ = try await client.execute(UserDetailsQuery(id: "3"))
        var stats = try await live.stats()
        #expect(stats.requests == 2)
        #expect(stats.lastMethod == "POST")
        let again = try await client.execute(UserDetailsQuery(id: "3"))
        #expect(again.value.user?.name == "Alan Turing")
        stats = try await live.stats()
        #expect(stats.requests == 3)
        #expect(stats.lastMethod == "GET")
        #expect(!stats.query.contains("query="))
    }

    @Test(
        "APQ with all queries over GET: the hash goes by GET, the document registration by POST",
        arguments: TestTransport.allCases)
    func persistedQueriesWithGETQueries(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(queryMethod: .get, persistedQueries: PersistedQueriesConfiguration())
        _ = try await client.execute(UserDetailsQuery(id: "1"))
        var stats = try await live.stats()
        #expect(stats.requests == 2)
        #expect(stats.statusCounts == [200: 2])
        #expect(stats.lastMethod == "POST")
        #expect(stats.lastBodyText.contains("\"query\""))
        #expect(stats.query == "")
        let again = try await client.execute(UserDetailsQuery(id: "2"))
        #expect(again.value.user?.name == "Grace Hopper")
        stats = try await live.stats()
        #expect(stats.requests == 3)
        #expect(stats.lastMethod == "GET")
        #expect(!stats.query.contains("query="))
    }

    @Test(
        "APQ against a server without it: PersistedQueryNotSupported turns APQ off for the client",
        arguments: TestTransport.allCases)
    func persistedQueriesNotSupported(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(path: "/apq-unsupported/graphql", persistedQueries: PersistedQueriesConfiguration())
        let first = try await client.execute(UserDetailsQuery(id: "1"))
        #expect(first.value.user?.name == "Ada Lovelace")
        var stats = try await live.stats()
        #expect(stats.requests == 2)
        #expect(stats.lastBodyText.contains("\"query\""))
        #expect(!stats.lastBodyText.contains("persistedQuery"))
        let second = try await client.execute(UserDetailsQuery(id: "2"))
        #expect(second.value.user?.name == "Grace Hopper")
        stats = try await live.stats()
        #expect(stats.requests == 3)
        #expect(stats.lastBodyText.contains("\"query\""))
        #expect(!stats.lastBodyText.contains("persistedQuery"))
    }

    @Test("hand-written documents get APQ hashes computed at run time", arguments: TestTransport.allCases)
    func persistedHandWritten(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(persistedQueries: PersistedQueriesConfiguration())
        let document = "query One { user(id: \"1\") { id name role followerCount } }"
        let response = try await client.execute(document: document, operationName: "One", as: UserQueryResponse.self)
        #expect(response.value.user?.followerCount == 9_007_199_254_740_993)
        let stats = try await live.stats()
        #expect(stats.requests == 2)
        #expect(stats.lastBodyText.contains(GraphQLSHA256.hexDigest(of: document)))
    }

    @Test("partial data comes back with its errors and their paths", arguments: TestTransport.allCases)
    func partialData(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        struct Partial: Decodable, Sendable {
            struct User: Decodable, Sendable {
                var name: String
                var secret: String?
            }
            var user: User?
        }
        let response = try await live.client().execute(
            document: "query Partial { user(id: \"1\") { name secret } }", operationName: "Partial",
            as: Partial.self)
        let user = try #require(response.value.user)
        #expect(user.name == "Ada Lovelace")
        #expect(user.secret == nil)
        #expect(response.errors.count == 1)
        #expect(response.errors.first?.path == ["user", "secret"])
        #expect(response.errors.first?.message == "secret is classified")
    }

    @Test("errors are fatal when the request asks for it", arguments: TestTransport.allCases)
    func failOnErrors(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        await #expect {
            _ = try await live.client().execute(
                document: "query Partial { user(id: \"1\") { name secret } }", operationName: "Partial",
                as: JSONValue.self, options: RequestOptions(errorPolicy: .failOnErrors))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .graphQL && error?.graphQLErrors.first?.path == ["user", "secret"]
        }
    }

    @Test("errors without data throw the GraphQL errors", arguments: TestTransport.allCases)
    func errorsWithoutData(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        await #expect {
            _ = try await live.client().execute(
                document: "query Bad { nope }", operationName: "Bad", as: JSONValue.self)
        } throws: { error in
            let error = error as? APIError
            return error?.code == .graphQL && error?.graphQLErrors.isEmpty == false
        }
    }

    @Test("a null propagating to a non-null root is errors without data", arguments: TestTransport.allCases)
    func nonNullPropagation(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let response = try await live.client().execute(
            document: "query Strict { user(id: \"1\") { name strictSecret } }", operationName: "Strict",
            as: UserQueryResponse.self)
        #expect(response.value.user == nil)
        #expect(response.errors.first?.path == ["user", "strictSecret"])
    }

    @Test("data that does not fit the Decodable type is a decoding error", arguments: TestTransport.allCases)
    func decodingFailure(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client()
        await #expect {
            _ = try await client.execute(
                document: "{ user(id: \"1\") { id } }", as: UserQueryResponse.self)
        } throws: { error in
            (error as? APIError)?.code == .decoding
        }
    }

    static let partialDocument = "query Partial { user(id: \"1\") { name secret } }"

    @Test(
        "application/graphql-response+json is trusted at any status: data and errors are read",
        arguments: TestTransport.allCases, [400, 422, 500, 503])
    func graphQLResponseMediaTypeOnFailingStatus(transport: TestTransport, status: Int) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        // The client's own Accept prefers application/graphql-response+json, so the server answers with it.
        let response = try await live.client(path: "/status/\(status)/graphql").execute(
            document: Self.partialDocument, operationName: "Partial", as: JSONValue.self)
        #expect(response.metadata.headers["Content-Type"] == "application/graphql-response+json")
        #expect(response.metadata.statusCode == status)
        #expect(response.value["user"]?["name"] == "Ada Lovelace")
        #expect(response.errors.first?.message == "secret is classified")
    }

    @Test(
        "application/json with a 4xx: a well-formed GraphQL body is the server's answer and is read",
        arguments: TestTransport.allCases, [400, 422])
    func jsonOn4xx(transport: TestTransport, status: Int) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(
            path: "/status/\(status)/graphql", interceptors: [AcceptInterceptor(accept: "application/json")])
        let response = try await client.execute(
            document: Self.partialDocument, operationName: "Partial", as: JSONValue.self)
        #expect(response.metadata.headers["Content-Type"] == "application/json")
        #expect(response.metadata.statusCode == status)
        #expect(response.value["user"]?["name"] == "Ada Lovelace")
        #expect(response.errors.first?.message == "secret is classified")
    }

    @Test(
        "application/json with a 5xx is not relied on: an HTTP error, with the body's GraphQL errors attached",
        arguments: TestTransport.allCases, [500, 503])
    func jsonOn5xx(transport: TestTransport, status: Int) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(
            path: "/status/\(status)/graphql", interceptors: [AcceptInterceptor(accept: "application/json")])
        await #expect {
            _ = try await client.execute(document: Self.partialDocument, operationName: "Partial", as: JSONValue.self)
        } throws: { error in
            let error = error as? APIError
            return error?.code == .httpStatus && error?.statusCode == status
                && error?.graphQLErrors.first?.message == "secret is classified"
        }
    }

    @Test(
        "a failing status with a JSON body that is not GraphQL is an HTTP error; the body is only in debugDescription",
        arguments: TestTransport.allCases)
    func nonGraphQLJSONOnFailingStatus(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        // The REST route refuses POST with 405 and {"error":{"code":"METHOD_NOT_ALLOWED",...}}.
        do {
            _ = try await live.client(path: "/rest/products").execute(UserDetailsQuery(id: "1"))
            Issue.record("expected an HTTP error")
        } catch {
            #expect(error.code == .httpStatus)
            #expect(error.statusCode == 405)
            #expect(error.graphQLErrors.isEmpty)
            #expect(!error.description.contains("METHOD_NOT_ALLOWED"))
            #expect(error.debugDescription.contains("METHOD_NOT_ALLOWED"))
        }
    }

    @Test("294 partial success carries data and errors", arguments: TestTransport.allCases)
    func status294(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let response = try await live.client(path: "/status/294/graphql").execute(
            UserDetailsQuery(id: "1"))
        #expect(response.metadata.statusCode == 294)
        #expect(response.value.user?.name == "Ada Lovelace")
    }

    @Test(
        "a failing status without a GraphQL body is an HTTP error",
        arguments: TestTransport.allCases, [404, 500, 502])
    func httpErrorWithoutBody(transport: TestTransport, status: Int) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        await #expect {
            _ = try await live.client(path: "/status/\(status)/plain").execute(UserDetailsQuery(id: "1"))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .httpStatus && error?.statusCode == status
        }
    }

    @Test("a truncated JSON body is a parsing error with the byte offset", arguments: TestTransport.allCases)
    func garbage(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        await #expect {
            _ = try await live.client(path: "/garbage/graphql").execute(UserDetailsQuery(id: "1"))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .parsing && error?.byteOffset == 42
        }
    }

    @Test("a 200 with another content type is an invalid response", arguments: TestTransport.allCases)
    func wrongContentType(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        await #expect {
            _ = try await live.client(path: "/wrongtype/graphql").execute(UserDetailsQuery(id: "1"))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .invalidResponse && error?.description.contains("text/plain") == true
        }
    }

    @Test("a connection refused is a network error", arguments: TestTransport.allCases)
    func connectionRefused(transport: TestTransport) async throws {
        // A port held but not listening: a stopped server's port could be taken by another test's server meanwhile.
        let port = try RefusingPort()
        let client = APIClient(
            configuration: APIClientConfiguration(graphQLEndpoint: port.url(), transport: transport.make()))
        await #expect {
            _ = try await client.execute(UserDetailsQuery(id: "1"))
        } throws: { error in
            (error as? APIError)?.code == .network
        }
        withExtendedLifetime(port) {}
    }

    @Test("a feature kit's request maps generated data to its domain model", arguments: TestTransport.allCases)
    func graphQLRequestMapping(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client()
        let member = try await client.send(GetMemberRequest(operation: UserDetailsQuery(id: "1")))
        #expect(member.value == Member(id: "1", displayName: "ADA LOVELACE", isAdmin: true))
        await #expect {
            _ = try await client.send(GetMemberRequest(operation: UserDetailsQuery(id: "999")))
        } throws: { error in
            (error as? APIError)?.code == .mappingFailed
        }
    }
}
