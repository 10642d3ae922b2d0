import Foundation
import Testing

/// `apicore init` run as a user runs it: in a new kit folder, and in a folder holding an Apollo iOS configuration.
@Suite("apicore init")
struct InitCommandTests {
    /// A temporary folder with a schema and one operation.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("GraphQL/ops"), withIntermediateDirectories: true)
        try write(
            "type Query { hero: Hero }\ntype Hero { id: ID! name: String! }\nscalar DateTime\n",
            to: folder.appendingPathComponent("GraphQL/schema.graphqls"))
        try write("query Hero { hero { id name } }\n", to: folder.appendingPathComponent("GraphQL/ops/Hero.graphql"))
        return folder
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Every regular file below `folder`, by path relative to it.
    static func files(below folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: folder.path) ?? [] {
            var isDirectory: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try? Data(contentsOf: url)
            }
        }
        return files
    }

    @Test("a new kit: apicore.json with the namespace and default paths, which apicore generate then uses")
    func newKit() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await APICoreExecutable.run(["init", "--namespace", "HeroAPI"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "wrote apicore.json\n")
        let text = try String(contentsOf: folder.appendingPathComponent("apicore.json"), encoding: .utf8)
        #expect(text.contains(#""schemaNamespace": "HeroAPI""#))
        #expect(text.contains(#""schemaSearchPaths": ["**/*.graphqls"]"#))

        let generated = try await APICoreExecutable.run(["generate"], in: folder)
        #expect(generated.status == 0, "\(generated.error)")
        let query = try String(
            contentsOf: folder.appendingPathComponent("Generated/Operations/HeroQuery.graphql.swift"), encoding: .utf8)
        #expect(query.contains("struct HeroQuery: GraphQLQuery"))
    }

    @Test("an existing apicore.json is kept unless --force is given")
    func keepsExistingFile() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let existing = folder.appendingPathComponent("apicore.json")
        try Self.write("{\"mine\": true}\n", to: existing)
        let refused = try await APICoreExecutable.run(["init", "--namespace", "HeroAPI"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.error.contains("apicore.json exists; give --force to replace it"))
        #expect(try String(contentsOf: existing, encoding: .utf8) == "{\"mine\": true}\n")

        let forced = try await APICoreExecutable.run(["init", "--namespace", "HeroAPI", "--force"], in: folder)
        #expect(forced.status == 0)
        #expect(try String(contentsOf: existing, encoding: .utf8).contains("HeroAPI"))
    }

    @Test(
        "usage errors write nothing",
        arguments: [
            ["init"], ["init", "--namespace", "class"], ["init", "--namespace", "A", "--apollo-config", "x.json"],
        ])
    func usageErrors(arguments: [String]) async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await APICoreExecutable.run(arguments, in: folder)
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("apicore.json").path))
    }

    @Test("an Apollo configuration becomes an apicore.json elsewhere that generates the same files, less dead paths")
    func convertsApolloConfiguration() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let apollo = """
            {
              "schemaNamespace": "HeroAPI",
              "input": {"schemaSearchPaths": ["GraphQL/*.graphqls", "Missing/*.graphqls"],
                        "operationSearchPaths": ["GraphQL/ops/*.graphql"]},
              "output": {
                "schemaTypes": {"path": "Sources/Hero/Schema", "moduleType": {"swiftPackageManager": {}}},
                "operations": {"inSchemaModule": {}},
                "testMocks": {"absolute": {"path": "Sources/HeroMocks"}}
              },
              "options": {"selectionSetInitializers": {"operations": true}, "cacheKeyInfo": {}},
              "operationManifest": {"path": "manifest.json", "version": "persistedQueries"}
            }
            """
        try Self.write(apollo, to: folder.appendingPathComponent("apollo-codegen-config.json"))
        let viaApollo = try await APICoreExecutable.run(
            ["generate", "--config", "apollo-codegen-config.json"], in: folder)
        #expect(viaApollo.status == 0, "\(viaApollo.error)")
        #expect(
            viaApollo.error.contains(#"The schema search path "Missing/*.graphqls" matches no files; it is ignored"#))
        let apolloFiles = Self.files(below: folder.appendingPathComponent("Sources"))
        let apolloManifest = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        #expect(!apolloFiles.isEmpty)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Sources"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("manifest.json"))

        // Written into another folder, so every path is rewritten relative to it.
        let converted = try await APICoreExecutable.run(
            ["init", "--apollo-config", "apollo-codegen-config.json", "--output", "Config/apicore.json"], in: folder)
        #expect(converted.status == 0, "\(converted.error)")
        #expect(
            converted.error.contains(#"The schema search path "Missing/*.graphqls" matches no files; it is left out"#))
        let text = try String(contentsOf: folder.appendingPathComponent("Config/apicore.json"), encoding: .utf8)
        #expect(text.contains(#""schemaSearchPaths": ["../GraphQL/*.graphqls"]"#))
        let generated = try await APICoreExecutable.run(["generate", "--config", "Config/apicore.json"], in: folder)
        #expect(generated.status == 0, "\(generated.error)")
        #expect(Self.files(below: folder.appendingPathComponent("Sources")) == apolloFiles)
        #expect(try Data(contentsOf: folder.appendingPathComponent("manifest.json")) == apolloManifest)
    }

    @Test("an Apollo configuration that is not valid JSON fails with its location and writes nothing")
    func invalidApolloConfiguration() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(
            "{\"schemaNamespace\": \"A\",\n  \"output\": }", to: folder.appendingPathComponent("apollo.json"))
        let result = try await APICoreExecutable.run(["init", "--apollo-config", "apollo.json"], in: folder)
        #expect(result.status == 1)
        #expect(result.error.contains("apollo.json:2:"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("apicore.json").path))
    }
}
