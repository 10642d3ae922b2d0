import Foundation
import Testing

/// `apicore generate` run as a user runs it: in a kit folder holding `apicore.json`, the Star Wars schema and its
/// operations.
@Suite("apicore generate")
struct GenerateCommandTests {
    /// A temporary kit folder.
    struct Kit {
        let folder: URL

        static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/corpus/starwars")

        static func make() throws -> Kit {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "apicore-kit-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("ops"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: corpus.appendingPathComponent("schema.graphqls"),
                to: folder.appendingPathComponent("schema.graphqls"))
            for name in try FileManager.default.contentsOfDirectory(
                atPath: corpus.appendingPathComponent("operations").path)
            where name.hasSuffix(".graphql") {
                try FileManager.default.copyItem(
                    at: corpus.appendingPathComponent("operations/" + name),
                    to: folder.appendingPathComponent("ops/" + name))
            }
            let kit = Kit(folder: folder)
            try kit.write(
                "apicore.json",
                """
                {"schemaNamespace": "StarWarsAPI",
                 "input": {"schemaSearchPaths": ["schema.graphqls"], "operationSearchPaths": ["ops/*.graphql"]},
                 "output": {"schemaTypes": {"path": "Generated/Schema"}, "operations": {"path": "Generated/Operations"},
                            "operationManifest": {"path": "Generated/operations.json"}}}
                """)
            return kit
        }

        func write(_ path: String, _ text: String) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(path))
        }

        func generate(_ arguments: [String] = []) async throws -> CommandResult {
            try await APICoreExecutable.run(["generate"] + arguments, in: folder)
        }

        /// Every file under `Generated/`, by relative path.
        func generatedFiles(_ root: String = "Generated") throws -> [String: Data] {
            var files: [String: Data] = [:]
            let base = folder.appendingPathComponent(root)
            for path in FileManager.default.subpaths(atPath: base.path) ?? [] {
                var isDirectory: ObjCBool = false
                let url = base.appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                else { continue }
                files[path] = try Data(contentsOf: url)
            }
            return files
        }

        func remove() {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    @Test("generating twice gives identical bytes, and the second run writes nothing")
    func deterministic() async throws {
        let kit = try Kit.make()
        defer { kit.remove() }
        let first = try await kit.generate()
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.contains("wrote ./Generated/Operations/HeroNameQuery.graphql.swift"))
        #expect(first.output.contains("wrote ./Generated/operations.json"))
        let files = try kit.generatedFiles()
        #expect(files.count > 40)
        let second = try await kit.generate()
        #expect(second.status == 0)
        #expect(second.output.hasPrefix("0 written, 0 removed"))
        #expect(try kit.generatedFiles() == files)
    }

    @Test("--check passes after generate and fails, writing nothing, after a .graphql file changes")
    func check() async throws {
        let kit = try Kit.make()
        defer { kit.remove() }
        #expect(try await kit.generate().status == 0)
        let upToDate = try await kit.generate(["--check"])
        #expect(upToDate.status == 0, "\(upToDate.output)")
        let files = try kit.generatedFiles()
        let source = try String(contentsOf: kit.folder.appendingPathComponent("ops/HeroName.graphql"), encoding: .utf8)
        try kit.write(
            "ops/HeroName.graphql",
            source.replacingOccurrences(of: "query HeroNameWithID(", with: "query HeroNameWithKey("))
        let stale = try await kit.generate(["--check"])
        #expect(stale.status == 1)
        #expect(stale.output.contains("stale: ./Generated/Operations/HeroNameWithKeyQuery.graphql.swift"))
        #expect(
            stale.output.contains("not generated any more: ./Generated/Operations/HeroNameWithIDQuery.graphql.swift"))
        #expect(stale.error.contains("generated files are stale; run 'apicore generate'"))
        #expect(try kit.generatedFiles() == files)
    }

    @Test("an invalid document exits 1 with a located diagnostic and leaves the output folder untouched")
    func invalidDocument() async throws {
        let kit = try Kit.make()
        defer { kit.remove() }
        #expect(try await kit.generate().status == 0)
        let files = try kit.generatedFiles()
        try kit.write("ops/Bad.graphql", "query Bad {\n  hero { nickname }\n}\n")
        let result = try await kit.generate()
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(
            result.error.contains(#"ops/Bad.graphql:2:10: error: Cannot query field "nickname" on type "Character"."#))
        #expect(try kit.generatedFiles() == files)
    }

    @Test("a configuration error exits 1 at its line and column; a missing configuration exits 2")
    func configurationErrors() async throws {
        let kit = try Kit.make()
        defer { kit.remove() }
        try kit.write("wrong.json", "{\"schemaNamespace\": \"A\",\n \"input\": []}")
        let wrong = try await kit.generate(["--config", "wrong.json"])
        #expect(wrong.status == 1)
        #expect(wrong.error.hasPrefix("wrong.json:2:11: error: \"input\" must be an object"))
        try kit.write(
            "nomatch.json",
            """
            {"schemaNamespace": "A", "input": {"schemaSearchPaths": ["schema.graphqls"], "operationSearchPaths": ["x/*"]},
             "output": {"schemaTypes": {"path": "Generated/S"}, "operations": {"path": "Generated/O"}}}
            """)
        let noMatch = try await kit.generate(["--config", "nomatch.json"])
        #expect(noMatch.status == 1)
        #expect(
            noMatch.error.hasPrefix(#"nomatch.json:1:103: error: The operation search path "x/*" matches no files."#))
        let missing = try await kit.generate(["--config", "missing.json"])
        #expect(missing.status == 2)
        #expect(missing.error.contains("missing.json"))
        #expect(try kit.generatedFiles().isEmpty)
    }

    @Test("output.testMocks generates the builders into their own folder, which --check then finds current")
    func testMocks() async throws {
        let kit = try Kit.make()
        defer { kit.remove() }
        try kit.write(
            "apicore.json",
            """
            {"schemaNamespace": "StarWarsAPI",
             "input": {"schemaSearchPaths": ["schema.graphqls"], "operationSearchPaths": ["ops/*.graphql"]},
             "output": {"schemaTypes": {"path": "Generated/Schema"}, "operations": {"path": "Generated/Operations"},
                        "testMocks": {"swiftPackage": {"targetName": "StarWarsMocks", "schemaTypesModule": "StarWars"}}}}
            """)
        let result = try await kit.generate()
        #expect(result.status == 0, "\(result.error)")
        let mocks = try kit.generatedFiles("Sources/StarWarsMocks")
        #expect(Array(mocks.keys) == ["StarWarsAPIMocks.graphql.swift"])
        let text = String(decoding: mocks["StarWarsAPIMocks.graphql.swift"] ?? Data(), as: UTF8.self)
        #expect(text.contains("import APICoreTestMocks\nimport StarWars\n"))
        #expect(text.contains("public nonisolated struct Droid: GraphQLMockObject, Character"))
        #expect(try kit.generatedFiles().keys.allSatisfy { !$0.contains("Mocks") })
        let check = try await kit.generate(["--check"])
        #expect(check.status == 0, "\(check.output)\(check.error)")
    }

    @Test("an Apollo iOS apollo-codegen-config.json is detected; keys without an equivalent are warnings")
    func apolloConfiguration() async throws {
        let kit = try Kit.make()
        defer { kit.remove() }
        try kit.write(
            "apollo-codegen-config.json",
            """
            {
              "schemaNamespace" : "StarWarsAPI",
              "input" : { "operationSearchPaths" : ["ops/*.graphql"], "schemaSearchPaths" : ["schema.graphqls"] },
              "output" : {
                "testMocks" : { "none" : { } },
                "schemaTypes" : { "path" : "./StarWarsAPI", "moduleType" : { "swiftPackageManager" : { } } },
                "operations" : { "inSchemaModule" : { } }
              },
              "options" : { "operationDocumentFormat" : ["definition", "operationId"], "deprecatedEnumCases" : "exclude" },
              "operationManifest" : { "path" : "operationIDs.json", "version" : "legacy" }
            }
            """)
        let result = try await kit.generate(["--config", "apollo-codegen-config.json"])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.error.contains(
                "apollo-codegen-config.json:9:76: warning: The Apollo key \"options.deprecatedEnumCases\" is ignored: "
                    + "apicore generates every enum case, deprecated ones marked @available."))
        let files = try kit.generatedFiles("StarWarsAPI/Sources")
        #expect(files["Operations/HeroNameQuery.graphql.swift"] != nil)
        #expect(files["Schema/StarWarsAPI.graphql.swift"] != nil || files.keys.contains { $0.hasPrefix("Schema/") })
        #expect(FileManager.default.fileExists(atPath: kit.folder.appendingPathComponent("operationIDs.json").path))
    }

    @Test("--combined-output writes all the Swift into one file, the header once, for the build plugin")
    func combinedOutput() async throws {
        let kit = try Kit.make()
        defer { kit.remove() }
        let result = try await kit.generate(["--combined-output", "Plugin/All.graphql.swift"])
        #expect(result.status == 0, "\(result.error)")
        let text = try String(
            contentsOf: kit.folder.appendingPathComponent("Plugin/All.graphql.swift"), encoding: .utf8)
        #expect(text.hasPrefix("// @generated by apicore generate."))
        #expect(text.components(separatedBy: "import APICoreGraphQL").count == 2)
        #expect(text.contains("// MARK: - HeroNameQuery.graphql.swift"))
        #expect(try kit.generatedFiles().isEmpty)
        let both = try await kit.generate(["--check", "--combined-output", "Plugin/All.graphql.swift"])
        #expect(both.status == 2)
    }
}
