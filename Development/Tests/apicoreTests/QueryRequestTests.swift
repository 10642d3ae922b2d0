import APICoreGraphQL
import APICoreJSON
import Foundation
import Testing

/// `apicore query`: what reaches the server (operation, variables, headers, GET, persisted queries).
@Suite("apicore query: requests")
struct QueryRequestTests {
    static let twoOperations = """
        query UserDetails($id: ID!) { user(id: $id) { id name } }
        query FirstUsers($first: Int) { users(first: $first) { id } }
        """

    @Test("--operation picks one of two operations and --variables fills it")
    func operationAndVariables() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let grace = try await fixture.query(
            Self.twoOperations, ["--operation", "UserDetails", "--variables", #"{"id": "2"}"#])
        #expect(grace.status == 0)
        #expect(grace.json == ["data": ["user": ["id": "2", "name": "Grace Hopper"]]])

        let first = try await fixture.query(
            Self.twoOperations, ["--operation", "FirstUsers", "--variables", #"{"first": 2}"#])
        #expect(first.status == 0)
        #expect(first.json == ["data": ["users": [["id": "1"], ["id": "2"]]]])

        let stats = try await fixture.server.stats(key: fixture.key)
        let body = try JSONReader().read(try #require(stats.lastBody))
        #expect(body["operationName"] == "FirstUsers")
        #expect(body["variables"] == ["first": 2])
    }

    @Test("--variables-file reads the variables from a file")
    func variablesFile() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let variables = try fixture.file("variables.json", "{\n  \"id\": \"3\"\n}\n")
        let result = try await fixture.query(
            Self.twoOperations, ["--operation", "UserDetails", "--variables-file", variables])
        #expect(result.status == 0)
        #expect(result.json?["data"]?["user"]?["name"] == "Alan Turing")
    }

    @Test("every --header reaches the server, values with colons intact")
    func headers() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(
            "{ users(first: 1) { id } }", ["--header", "X-Trace:  a:b:c ", "--header", "Authorization: Bearer t0ken"])
        #expect(result.status == 0)
        let stats = try await fixture.server.stats(key: fixture.key)
        #expect(stats.requests == 1)
        #expect(stats.lastHeaders["x-test-key"] == fixture.key)
        #expect(stats.lastHeaders["x-trace"] == "a:b:c")
        #expect(stats.lastHeaders["authorization"] == "Bearer t0ken")
    }

    @Test("--get sends the query in the URL")
    func get() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(
            Self.twoOperations, ["--get", "--operation", "UserDetails", "--variables", #"{"id": "1"}"#])
        #expect(result.status == 0)
        #expect(result.json?["data"]?["user"]?["name"] == "Ada Lovelace")
        let stats = try await fixture.server.stats(key: fixture.key)
        #expect(stats.lastMethod == "GET")
        #expect(stats.lastBody == nil)
        let query = try #require(stats.lastQueryString)
        #expect(query.contains("operationName=UserDetails"))
        #expect(query.contains("variables="))
    }

    @Test("--persisted sends the hash first and the document when the server asks for it")
    func persisted() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let document = #"query Ada { user(id: "1") { name } }"#
        let first = try await fixture.query(document, ["--persisted"])
        #expect(first.status == 0)
        #expect(try await fixture.server.stats(key: fixture.key).requests == 2)

        let second = try await fixture.query(document, ["--persisted"])
        #expect(second.json == first.json)
        let stats = try await fixture.server.stats(key: fixture.key)
        #expect(stats.requests == 3)
        let body = try JSONReader().read(try #require(stats.lastBody))
        #expect(body["query"] == nil)
        #expect(body["extensions"]?["persistedQuery"]?["sha256Hash"] != nil)
    }
}
