import APICoreTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Reference servers")
struct ReferenceServerTests {
    @Test("serves /health and a GraphQL query with an exact Long", arguments: ReferenceServer.Implementation.allCases)
    func healthAndQuery(implementation: ReferenceServer.Implementation) async throws {
        let server = try await ReferenceServer.shared(implementation)

        let (healthBody, health) = try await send(URLRequest(url: server.url("/health")))
        #expect(health.statusCode == 200)
        #expect(String(decoding: healthBody, as: UTF8.self) == "ok")

        let (body, response) = try await postGraphQL(
            to: server, query: #"{ user(id: "1") { id name email role followerCount } }"#)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(String(decoding: body, as: UTF8.self).contains(#""followerCount":9007199254740993"#))
        let user = try #require(try dataObject(body)["user"] as? [String: Any])
        #expect(user["id"] as? String == "1")
        #expect(user["name"] as? String == "Ada Lovelace")
        #expect(user["role"] as? String == "ADMIN")
    }

    @Test(
        "a failing nested field gives partial data and an error with its path",
        arguments: ReferenceServer.Implementation.allCases)
    func partialData(implementation: ReferenceServer.Implementation) async throws {
        let server = try await ReferenceServer.shared(implementation)
        let (body, response) = try await postGraphQL(to: server, query: #"{ user(id: "2") { name secret } }"#)
        #expect(response.statusCode == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let user = try #require(try dataObject(body)["user"] as? [String: Any])
        #expect(user["name"] as? String == "Grace Hopper")
        #expect(user["secret"] is NSNull)
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["message"] as? String == "secret is classified")
        #expect(errors.first?["path"] as? [String] == ["user", "secret"])
    }

    @Test("concurrent callers share one server per implementation")
    func sharedIsStartedOnce() async throws {
        async let first = ReferenceServer.shared(.strawberry)
        async let second = ReferenceServer.shared(.strawberry)
        async let third = ReferenceServer.shared(.strawberry)
        let servers = try await [first, second, third]
        #expect(servers[0] === servers[1])
        #expect(servers[1] === servers[2])
    }

    @Test("statistics record a keyed request exactly")
    func statsForKey() async throws {
        let server = try await ReferenceServer.shared(.strawberry)
        let key = "stats-\(UUID().uuidString)"
        let query = "query Users { users(first: 2) { id } }"
        let (_, response) = try await postGraphQL(to: server, query: query, headers: ["X-Test-Key": key])
        #expect(response.statusCode == 200)

        let stats = try await server.stats(key: key)
        #expect(stats.key == key)
        #expect(stats.requests == 1)
        #expect(stats.attemptTimes.count == 1)
        #expect(stats.statusCounts == [200: 1])
        #expect(stats.lastMethod == "POST")
        #expect(stats.lastPath == "/graphql")
        #expect(stats.lastQueryString == "")
        #expect(stats.lastHeaders["x-test-key"] == key)
        #expect(stats.lastHeaders["content-type"] == "application/json")
        #expect(stats.lastBody == (try graphQLBody(query)))

        let unused = try await server.stats(key: "unused-\(UUID().uuidString)")
        #expect(unused.requests == 0)
        #expect(unused.lastMethod == nil)
        #expect(unused.lastBody == nil)
    }

    @Test("a stopped server's port refuses connections, and a new server can take the port again")
    func stopAndRestartOnSamePort() async throws {
        let server = try await ReferenceServer.start(.strawberry)
        let port = server.port
        let (_, health) = try await send(URLRequest(url: server.url("/health")))
        #expect(health.statusCode == 200)

        server.stop()
        await #expect(throws: URLError.self) {
            _ = try await send(URLRequest(url: server.url("/health")))
        }

        let restarted = try await ReferenceServer.start(.ariadne, port: port)
        defer { restarted.stop() }
        #expect(restarted.port == port)
        let (_, again) = try await send(URLRequest(url: restarted.url("/health")))
        #expect(again.statusCode == 200)
    }

    @Test("a server that cannot bind its port fails with its standard error")
    func startFailureCarriesStandardError() async throws {
        let busy = try await ReferenceServer.shared(.strawberry)
        let error = await #expect(throws: ReferenceServerError.self) {
            let unexpected = try await ReferenceServer.start(.ariadne, port: busy.port)
            unexpected.stop()
        }
        #expect(error?.kind == .exitedEarly)
        #expect(error?.outputTail.localizedCaseInsensitiveContains("address already in use") == true)
    }
}

private func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    var request = request
    request.timeoutInterval = 30
    let (data, response) = try await URLSession.shared.data(for: request)
    return (data, try #require(response as? HTTPURLResponse))
}

private func graphQLBody(_ query: String) throws -> Data {
    try JSONSerialization.data(withJSONObject: ["query": query], options: [.sortedKeys])
}

private func postGraphQL(
    to server: ReferenceServer, query: String, headers: [String: String] = [:]
) async throws -> (Data, HTTPURLResponse) {
    var request = URLRequest(url: server.url("/graphql"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    for (name, value) in headers {
        request.setValue(value, forHTTPHeaderField: name)
    }
    request.httpBody = try graphQLBody(query)
    return try await send(request)
}

/// The `data` object of a GraphQL response body.
private func dataObject(_ body: Data) throws -> [String: Any] {
    let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    return try #require(json["data"] as? [String: Any])
}
