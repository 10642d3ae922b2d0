import APICoreGraphQL
import Testing

/// `apicore query` against the strawberry reference server: what it prints and how it exits for each kind of response.
@Suite("apicore query: responses and exit statuses")
struct QueryResponseTests {
    static let adaDocument = #"query Ada { user(id: "1") { id name followerCount } }"#
    static let partialDocument = #"query Partial { user(id: "1") { id secret } }"#
    static let unknownFieldDocument = "query Unknown { nope }"

    @Test("data without errors: exit 0, the whole body printed with 2^53 + 1 exact")
    func dataWithoutErrors() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(Self.adaDocument)
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        #expect(result.output.contains("\"followerCount\": 9007199254740993"))
        let expected: JSONValue = [
            "data": ["user": ["id": "1", "name": "Ada Lovelace", "followerCount": .int(9_007_199_254_740_993)]]
        ]
        #expect(result.json == expected)
    }

    @Test("partial data with errors: exit 3, data and errors printed")
    func partialData() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(Self.partialDocument)
        #expect(result.status == 3)
        let json = try #require(result.json)
        #expect(json["data"] == ["user": ["id": "1", "secret": nil]])
        let error = try #require(json["errors"]?.arrayValue?.first)
        #expect(error["message"] == "secret is classified")
        #expect(error["path"] == ["user", "secret"])
        #expect(error["locations"] == [["line": 1, "column": 36]])
    }

    @Test("errors without data: exit 4, the errors printed and the failure on standard error")
    func errorsWithoutData() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(Self.unknownFieldDocument, ["--operation", "Unknown"])
        #expect(result.status == 4)
        let json = try #require(result.json)
        #expect(json["data"] == .null)
        let message = try #require(json["errors"]?.arrayValue?.first?["message"]?.stringValue)
        #expect(message.contains("nope"))
        #expect(result.error.hasPrefix("error: 'Unknown' failed with 1 GraphQL error(s)"))
    }

    @Test("a GraphQL body on a 4xx status is printed and decides the exit status")
    func graphQLBodyOnClientErrorStatus() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let data = try await fixture.query(Self.adaDocument, path: "/status/400/graphql")
        #expect(data.status == 0)
        #expect(data.json?["data"]?["user"]?["followerCount"] == .int(9_007_199_254_740_993))

        let partial = try await fixture.query(Self.partialDocument, path: "/status/400/graphql")
        #expect(partial.status == 3)
        #expect(partial.json?["errors"]?.arrayValue?.count == 1)

        let errors = try await fixture.query(Self.unknownFieldDocument, path: "/status/422/graphql")
        #expect(errors.status == 4)
        #expect(errors.json?["errors"]?.arrayValue?.isEmpty == false)
    }

    @Test("an HTTP failure without a GraphQL body: exit 5, nothing on standard output")
    func httpFailure() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(Self.adaDocument, path: "/status/502/plain", ["--operation", "Ada"])
        #expect(result.status == 5)
        #expect(result.output.isEmpty)
        #expect(result.error == "error: 'Ada' failed: HTTP status 502\n")
        // Without --operation, the one operation the document declares names the failure.
        let unnamed = try await fixture.query(Self.adaDocument, path: "/status/502/plain")
        #expect(unnamed.status == 5)
        #expect(unnamed.error == "error: 'Ada' failed: HTTP status 502\n")
    }

    @Test("an unreadable response: exit 5 with the byte offset of the malformed JSON")
    func unreadableResponse() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(Self.adaDocument, path: "/garbage/graphql", ["--operation", "Ada"])
        #expect(result.status == 5)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("error: 'Ada' failed: malformed JSON at byte "))
    }

    @Test("a refused connection: exit 5 with a network error")
    func connectionRefused() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let document = try fixture.file("ada.graphql", Self.adaDocument)
        // Port 1 (tcpmux) has no listener on the loopback interface of a test machine.
        let result = try await APICoreExecutable.run([
            "query", "--endpoint", "http://127.0.0.1:1/graphql", "--document", document, "--operation", "Ada",
        ])
        #expect(result.status == 5)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("error: 'Ada' failed: network error"))
    }

    @Test("a call slower than --timeout: exit 5, timed out")
    func timeout() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(
            "query Slow { slow(delayMs: 20000) }", ["--operation", "Slow", "--timeout", "0.5"])
        #expect(result.status == 5)
        #expect(result.error.hasPrefix("error: 'Slow' timed out"))
    }
}
