import Testing

/// `apicore query` with wrong input (exit 1) or wrong usage (exit 2): nothing is sent, a message says what is wrong.
@Suite("apicore query: input and usage errors")
struct QueryInputErrorTests {
    static let document = "{ users { id } }"

    @Test("variables that are not JSON: exit 1 with the column of the problem")
    func invalidVariables() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(Self.document, ["--variables", #"{"id": tru}"#])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("--variables:1:11: error: invalid JSON at byte 10"))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 0)
    }

    @Test("a variables file that is not JSON: exit 1 with file, line and column")
    func invalidVariablesFile() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let path = try fixture.file("variables.json", "{\n  \"id\": 1,\n  \"name\" \"x\"\n}\n")
        let result = try await fixture.query(Self.document, ["--variables-file", path])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("\(path):3:10: error: invalid JSON"))
    }

    @Test("variables that are not an object: exit 1")
    func variablesNotAnObject() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(Self.document, ["--variables", " [1, 2]"])
        #expect(result.status == 1)
        #expect(result.error == "--variables:1:2: error: the variables must be a JSON object, not an array\n")
    }

    @Test("a missing document file: exit 2")
    func missingDocument() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let missing = fixture.directory.appendingPathComponent("missing.graphql").path
        let result = try await APICoreExecutable.run(["query", "--endpoint", fixture.endpoint(), "--document", missing])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error == "error: cannot read the document file '\(missing)': no such file\n")
    }

    @Test("a missing required option: exit 2 with usage")
    func missingOption() async throws {
        let result = try await APICoreExecutable.run(["query", "--document", "query.graphql"])
        #expect(result.status == 2)
        #expect(result.error.contains("--endpoint"))
        #expect(result.error.contains("Usage: apicore query"))
    }

    @Test("an unknown option or subcommand: exit 2")
    func unknownOption() async throws {
        #expect(try await APICoreExecutable.run(["query", "--endpoint", "http://127.0.0.1:1/", "--bogus"]).status == 2)
        #expect(try await APICoreExecutable.run(["no-such-command"]).status == 2)
    }

    @Test("a malformed --header: exit 2, and its value is never printed")
    func malformedHeader() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(Self.document, ["--header", "Authorization Bearer s3cr3t-token"])
        #expect(result.status == 2)
        #expect(result.error.contains("--header 2 has no ':'"))
        #expect(!result.error.contains("s3cr3t"))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 0)
    }

    @Test("an endpoint that is not an http URL: exit 2")
    func invalidEndpoint() async throws {
        let result = try await APICoreExecutable.run([
            "query", "--endpoint", "localhost:8080", "--document", "q.graphql",
        ])
        #expect(result.status == 2)
        #expect(result.error.contains("--endpoint must be an absolute http or https URL"))
    }

    @Test("--help prints usage and exits 0")
    func help() async throws {
        let result = try await APICoreExecutable.run(["query", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("--variables-file"))
        #expect(result.output.contains("Exit status: 0 data without errors"))
    }
}
