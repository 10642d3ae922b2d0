import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@Suite("REST through the same client and interceptors")
struct RESTTests {
    @Test("GET decodes a list with query items and an exact 64-bit integer", arguments: TestTransport.allCases)
    func getList(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let response = try await live.client().send(
            RESTCall<[RESTUser], EmptyBody>(
                .get, "/rest/users", queryItems: [URLQueryItem(name: "role", value: "ADMIN")]))
        #expect(response.value.map(\.name) == ["Ada Lovelace"])
        #expect(response.value.first?.followerCount == 9_007_199_254_740_993)
        #expect(response.metadata.statusCode == 200)
        #expect(response.metadata.operationName == "GET /rest/users")
    }

    @Test(
        "query items reach the server as given: +, &, =, #, % and non-ASCII are escaped",
        arguments: TestTransport.allCases)
    func queryItemsEscaped(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let items = [
            URLQueryItem(name: "role", value: "ADMIN"),
            URLQueryItem(name: "email", value: "alice+test@x.com"),
            URLQueryItem(name: "q", value: "a&b=c#d e%20f;g"),
            URLQueryItem(name: "név", value: "Zoë 🙂"),
            URLQueryItem(name: "flag", value: nil),
        ]
        let response = try await live.client().send(
            RESTCall<[RESTUser], EmptyBody>(.get, "/rest/users", queryItems: items))
        #expect(response.value.map(\.name) == ["Ada Lovelace"])
        #expect(try await live.stats().formDecodedQuery == items)
    }

    @Test(
        "a path is plain text: ?, #, % and non-ASCII in a segment stay in the path",
        arguments: TestTransport.allCases)
    func pathEscaped(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client()
        for id in ["1?role=ADMIN#top", "1%2F2", "Zoë 1"] {
            await #expect {
                _ = try await client.send(RESTCall<RESTUser, EmptyBody>(.get, "/rest/users/\(id)"))
            } throws: { error in
                (error as? APIError)?.statusCode == 404
            }
            let stats = try await live.stats()
            #expect(stats.lastPath == "/rest/users/\(id)")
            #expect(stats.query == "")
        }
    }

    @Test(
        "POST creates, PUT replaces, DELETE removes, GET then fails with 404, all through the interceptors",
        arguments: TestTransport.allCases)
    func crud(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let realm = live.key
        let metrics = RecordingCollector()
        let tokens = ServerTokenProvider(server: live.server, realm: realm, initialToken: "token-0")
        let client = live.client(
            interceptors: [MetricsInterceptor(collector: metrics), AuthInterceptor(tokenProvider: tokens)],
            restBaseURL: live.server.url("/secure/\(realm)"))
        let created = try await client.send(
            RESTCall<RESTUser, UserInput>(
                .post, "/rest/users", body: UserInput(name: "Radia", email: nil, role: "MEMBER")))
        #expect(created.metadata.statusCode == 201)
        #expect(created.value.name == "Radia")
        let stats = try await live.stats()
        #expect(stats.lastHeaders["content-type"] == "application/json")
        #expect(stats.lastHeaders["authorization"] == "Bearer token-0")

        let replaced = try await client.send(
            RESTCall<RESTUser, UserInput>(
                .put, "/rest/users/\(created.value.id)",
                body: UserInput(name: "Radia Perlman", email: "r@p.net", role: "ADMIN")))
        #expect(replaced.value.name == "Radia Perlman")
        #expect(replaced.value.role == "ADMIN")

        let deleted = try await client.send(
            RESTCall<EmptyResponse, EmptyBody>(.delete, "/rest/users/\(created.value.id)"))
        #expect(deleted.metadata.statusCode == 204)

        await #expect {
            _ = try await client.send(RESTCall<RESTUser, EmptyBody>(.get, "/rest/users/\(created.value.id)"))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .httpStatus && error?.statusCode == 404
        }
        let id = created.value.id
        #expect(
            metrics.all.map(\.operationName) == [
                "POST /rest/users", "PUT /rest/users/\(id)", "DELETE /rest/users/\(id)", "GET /rest/users/\(id)",
            ])
        #expect(metrics.all.map(\.statusCode) == [201, 200, 204, 404])
        #expect(tokens.refreshCount == 0)
    }

    @Test(
        "a caller's Content-Type for the JSON body is kept; application/json is only the default",
        arguments: TestTransport.allCases)
    func callerContentType(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client()
        let input = UserInput(name: "Ada King", email: nil, role: "ADMIN")
        let patched = try await client.send(
            RESTCall<RESTUser, UserInput>(
                .put, "/rest/users/1", headers: ["content-type": "application/merge-patch+json"], body: input))
        #expect(patched.value.name == "Ada King")
        var stats = try await live.stats()
        #expect(stats.lastHeaders["content-type"] == "application/merge-patch+json")
        _ = try await client.send(RESTCall<RESTUser, UserInput>(.put, "/rest/users/1", body: input))
        stats = try await live.stats()
        #expect(stats.lastHeaders["content-type"] == "application/json")
    }

    @Test(
        "a failing status keeps the server's error body for the caller; the description shows none of it",
        arguments: TestTransport.allCases)
    func errorBody(transport: TestTransport) async throws {
        struct ServerError: Decodable {
            struct Detail: Decodable {
                var code: String
                var message: String
            }
            var error: Detail
        }
        let live = try await LiveClient.strawberry(transport: transport)
        do {
            _ = try await live.client().send(RESTCall<RESTUser, EmptyBody>(.get, "/rest/users/999"))
            Issue.record("expected a 404")
        } catch {
            #expect(error.code == .httpStatus)
            #expect(error.statusCode == 404)
            let body = try #require(error.responseBody)
            let decoded = try JSONValueDecoder().decode(ServerError.self, from: JSONReader().read(body))
            #expect(decoded.error.code == "NOT_FOUND")
            #expect(decoded.error.message == "user 999 not found")
            #expect(!error.description.contains("NOT_FOUND"))
            #expect(!error.description.contains("not found"))
            #expect(error.debugDescription.contains("user 999 not found"))
        }
    }

    @Test("a REST response that does not fit the model is a decoding error", arguments: TestTransport.allCases)
    func decodingFailure(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        await #expect {
            _ = try await live.client().send(RESTCall<[Int], EmptyBody>(.get, "/rest/users"))
        } throws: { error in
            (error as? APIError)?.code == .decoding
        }
    }

    @Test(
        "REST and GraphQL share the interceptors: auth, metrics and retry apply to both",
        arguments: TestTransport.allCases)
    func sharedInterceptors(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let realm = live.key
        let tokens = ServerTokenProvider(server: live.server, realm: realm, initialToken: "expired")
        let metrics = RecordingCollector()
        let client = live.client(
            path: "/secure/\(realm)/graphql",
            interceptors: [MetricsInterceptor(collector: metrics), AuthInterceptor(tokenProvider: tokens)],
            restBaseURL: live.server.url("/secure/\(realm)"))
        let users = try await client.send(RESTCall<[RESTUser], EmptyBody>(.get, "rest/users"))
        #expect(users.value.count == 3)
        let user = try await client.execute(UserDetailsQuery(id: "2"))
        #expect(user.value.user?.name == "Grace Hopper")
        #expect(tokens.refreshCount == 1)
        #expect(metrics.all.map(\.operationName) == ["GET rest/users", "UserDetails"])
        #expect(metrics.all.map(\.kind) == [.rest, .graphQL(.query)])
    }
}
