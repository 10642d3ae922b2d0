import APICoreGraphQL
import APICoreTestSupport
import Foundation
import Testing

/// `apicore query --schema --cache`: the document checked before it is sent, and one run reading what an earlier
/// run cached in a SQLite file.
@Suite("apicore query: schema and cache")
struct QueryCacheTests {
    static let schemaPath = RepositoryLayout.root
        .appendingPathComponent("Development/Tests/ReferenceServers/schema.graphql").path

    static let document = """
        query Product($id: ID!) { product(id: $id) { id title ...Owner } }
        fragment Owner on Product { owner { id name } }
        """

    @Test("a second run answers from the cache file the first wrote, without a request; network-only asks again")
    func secondRunReadsTheCache() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let cache = fixture.directory.appendingPathComponent("cache.sqlite").path
        let arguments = ["--schema", Self.schemaPath, "--cache", cache, "--variables", #"{"id": "1"}"#]
        let expected: JSONValue = [
            "data": [
                "product": [
                    "__typename": "Product", "id": "1", "title": "Analytical Engine",
                    "owner": ["__typename": "User", "id": "1", "name": "Ada Lovelace"],
                ]
            ]
        ]

        let first = try await fixture.query(Self.document, arguments)
        #expect(first.status == 0)
        #expect(first.json == expected)
        #expect(!first.error.contains("answered from the cache"))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 1)

        let second = try await fixture.query(Self.document, arguments)
        #expect(second.status == 0)
        #expect(second.json == expected)
        #expect(second.error.contains("answered from the cache"))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 1)

        // Another document over the same objects reads them too: the records are shared, not the response.
        let title = try await fixture.query(
            #"query { product(id: "1") { title owner { name } } }"#,
            ["--schema", Self.schemaPath, "--cache", cache, "--cache-policy", "cache-only"])
        #expect(title.status == 0)
        #expect(title.json?["data"]?["product"]?["owner"]?["name"] == "Ada Lovelace")

        let network = try await fixture.query(Self.document, arguments + ["--cache-policy", "network-only"])
        #expect(network.status == 0)
        #expect(try await fixture.server.stats(key: fixture.key).requests == 2)

        // What the cache does not hold is a miss under cache-only, exit 5, and nothing is sent.
        let miss = try await fixture.query(
            Self.document,
            [
                "--schema", Self.schemaPath, "--cache", cache, "--cache-policy", "cache-only", "--variables",
                #"{"id": "2"}"#,
            ])
        #expect(miss.status == 5)
        #expect(miss.output.isEmpty)
        #expect(miss.error.contains("error: "))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 2)
    }

    @Test("a document the schema rejects exits 1 with each problem at its line and column, and nothing is sent")
    func invalidDocument() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(
            "query Broken {\n  product(id: \"1\") {\n    title\n    colour\n  }\n}\n", ["--schema", Self.schemaPath])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error.contains(".graphql:4:5: error: Cannot query field \"colour\" on type \"Product\"."))

        let syntax = try await fixture.query("query { product(id: \"1\") { title }", ["--schema", Self.schemaPath])
        #expect(syntax.status == 1)
        #expect(syntax.error.contains(".graphql:1:35: error: Syntax Error"))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 0)
    }

    @Test("--cache without --schema and an unknown --cache-policy are usage errors")
    func usage() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let cache = fixture.directory.appendingPathComponent("cache.sqlite").path
        let noSchema = try await fixture.query("{ users { id } }", ["--cache", cache])
        #expect(noSchema.status == 2)
        #expect(noSchema.error.contains("--cache needs --schema"))
        let policy = try await fixture.query(
            "{ users { id } }", ["--schema", Self.schemaPath, "--cache", cache, "--cache-policy", "sometimes"])
        #expect(policy.status == 2)
        #expect(policy.error.contains("--cache-policy must be one of"))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 0)
    }
}
