import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Foundation
import Testing

/// `apicore fetch-schema`: introspection against the reference servers, written as SDL or JSON.
@Suite("apicore fetch-schema")
struct FetchSchemaTests {
    /// The types `text` (SDL laid out with two-space indentation) defines, each with the names of its fields, input
    /// fields or enum values, sorted: `["Role": ["ADMIN", "GUEST", "MEMBER"], "Long": [], ...]`.
    static func definedTypes(in text: String) -> [String: [String]] {
        let keywords: Set<Substring> = ["type", "interface", "union", "enum", "input", "scalar"]
        var types: [String: [String]] = [:]
        var current: String?
        var isInDescription = false
        for line in text.split(separator: "\n") {
            // A block-string description on lines of its own: `"""`, its text, `"""`.
            if line.trimmingCharacters(in: .whitespaces) == "\"\"\"" { isInDescription.toggle() }
            if isInDescription { continue }
            let words = line.split(separator: " ")
            if words.count >= 2, keywords.contains(words[0]) {
                let name = String(words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                types[name] = []
                current = line.hasSuffix("{") ? name : nil
            } else if line == "}" {
                current = nil
            } else if let current, line.hasPrefix("  "), !line.hasPrefix("   "),
                let first = line.dropFirst(2).first, first.isLetter || first == "_"
            {
                let member = line.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                types[current, default: []].append(String(member))
            }
        }
        return types.mapValues { $0.sorted() }
    }

    /// The names of the types `text` defines.
    static func definedTypeNames(in text: String) -> Set<String> {
        Set(definedTypes(in: text).keys)
    }

    /// The types of `Tests/ReferenceServers/schema.graphql`, with their members.
    static var referenceSchemaTypes: [String: [String]] {
        get throws {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("ReferenceServers/schema.graphql")
            return definedTypes(in: try String(contentsOf: url, encoding: .utf8))
        }
    }

    static var referenceSchemaTypeNames: Set<String> {
        get throws { Set(try referenceSchemaTypes.keys) }
    }

    func fetch(_ fixture: QueryFixture, output: String, _ arguments: [String] = []) async throws -> CommandResult {
        try await APICoreExecutable.run(
            [
                "fetch-schema", "--endpoint", fixture.endpoint(), "--output", output, "--header",
                "X-Test-Key: \(fixture.key)",
            ]
                + arguments)
    }

    @Test("SDL output has the types of the reference schema, with headers sent")
    func sdlFromStrawberry() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let output = fixture.directory.appendingPathComponent("schema.graphqls").path
        let result = try await fetch(fixture, output: output, ["--header", "Authorization: Bearer t0ken"])
        #expect(result.status == 0, "\(result.error)")
        let sdl = try String(contentsOfFile: output, encoding: .utf8)
        #expect(Self.definedTypes(in: sdl) == (try Self.referenceSchemaTypes))
        #expect(try Self.referenceSchemaTypes["User"]?.count == 7)
        #expect(!sdl.contains("__Schema"))
        #expect(!sdl.contains("scalar String"))

        let stats = try await fixture.server.stats(key: fixture.key)
        #expect(stats.requests >= 1)
        #expect(stats.lastHeaders["x-test-key"] == fixture.key)
        #expect(stats.lastHeaders["authorization"] == "Bearer t0ken")
        let body = try JSONReader().read(try #require(stats.lastBody))
        #expect(body["operationName"] == "IntrospectionQuery")
    }

    @Test("JSON output is the introspection result under __schema, pretty-printed")
    func jsonFromStrawberry() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let output = fixture.directory.appendingPathComponent("schema.json").path
        let result = try await fetch(fixture, output: output)
        #expect(result.status == 0, "\(result.error)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("\n  \"__schema\""))
        let json = try JSONReader().read(text)
        #expect(json["__schema"]?["queryType"]?["name"] == "Query")
        guard case .array(let types)? = json["__schema"]?["types"] else {
            Issue.record("no types in \(text.prefix(200))")
            return
        }
        let names = Set(
            types.compactMap { type -> String? in
                if case .string(let name)? = type["name"] { return name }
                return nil
            })
        #expect(try Self.referenceSchemaTypeNames.isSubset(of: names))
    }

    @Test("ariadne's schema is fetched as SDL")
    func sdlFromAriadne() async throws {
        let server = try await ReferenceServer.shared(.ariadne)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-fetch-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("schema.sdl").path
        let result = try await APICoreExecutable.run(
            ["fetch-schema", "--endpoint", server.url("/graphql").absoluteString, "--output", output])
        #expect(result.status == 0, "\(result.error)")
        let sdl = try String(contentsOfFile: output, encoding: .utf8)
        #expect(Self.definedTypes(in: sdl) == (try Self.referenceSchemaTypes))
    }

    @Test("an unreachable endpoint exits 5 and writes nothing")
    func unreachable() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-fetch-\(UUID())")
        let output = directory.appendingPathComponent("schema.graphqls").path
        let result = try await APICoreExecutable.run(
            ["fetch-schema", "--endpoint", "http://127.0.0.1:1/graphql", "--output", output, "--timeout", "5"])
        #expect(result.status == 5)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("an HTTP failure without a GraphQL body, a malformed body or a 401 exits 5")
    func failures() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let output = fixture.directory.appendingPathComponent("schema.graphqls").path
        let plain = try await APICoreExecutable.run(
            ["fetch-schema", "--endpoint", fixture.endpoint("/status/503/plain"), "--output", output])
        #expect(plain.status == 5)
        let garbage = try await APICoreExecutable.run(
            ["fetch-schema", "--endpoint", fixture.endpoint("/garbage/graphql"), "--output", output])
        #expect(garbage.status == 5)
        let unauthorized = try await APICoreExecutable.run(
            ["fetch-schema", "--endpoint", fixture.endpoint("/secure/\(fixture.key)/graphql"), "--output", output])
        #expect(unauthorized.status == 5)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("an output without a known extension is a usage error")
    func usage() async throws {
        let result = try await APICoreExecutable.run(
            ["fetch-schema", "--endpoint", "http://127.0.0.1:1/graphql", "--output", "schema.txt"])
        #expect(result.status == 2)
        #expect(result.error.contains(".graphqls"))
    }

    @Test("a server that rejects the newer introspection fields gets the conservative query")
    func fallbackForOlderServers() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let proxy = try await LegacyIntrospectionProxy(upstream: fixture.server.baseURL)
        defer { proxy.stop() }
        let output = fixture.directory.appendingPathComponent("schema.graphqls").path
        let result = try await APICoreExecutable.run([
            "fetch-schema", "--endpoint", proxy.baseURL.appendingPathComponent("graphql").absoluteString,
            "--output", output, "--header", "X-Test-Key: \(fixture.key)",
        ])
        #expect(result.status == 0, "\(result.error)")
        let sdl = try String(contentsOfFile: output, encoding: .utf8)
        #expect(Self.definedTypes(in: sdl) == (try Self.referenceSchemaTypes))
        let stats = try await fixture.server.stats(key: fixture.key)
        #expect(stats.requests == 1)
        let body = try JSONReader().read(try #require(stats.lastBody))
        #expect(body["query"]?.stringValue?.contains("isOneOf") == false)
    }

    @Test("a server that answers with errors exits 1 and writes nothing")
    func serverErrors() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let proxy = try await LegacyIntrospectionProxy(upstream: fixture.server.baseURL)
        defer { proxy.stop() }
        let output = fixture.directory.appendingPathComponent("schema.json").path
        let result = try await APICoreExecutable.run([
            "fetch-schema", "--endpoint", proxy.baseURL.appendingPathComponent("errors/graphql").absoluteString,
            "--output", output,
        ])
        #expect(result.status == 1)
        #expect(result.error.contains("Introspection is disabled."))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("an output that cannot be written exits 2")
    func unwritableOutput() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let output = fixture.directory.appendingPathComponent("missing/folder/schema.graphqls").path
        let result = try await fetch(fixture, output: output)
        #expect(result.status == 2)
        #expect(result.error.contains("cannot write the schema file"))
    }
}
