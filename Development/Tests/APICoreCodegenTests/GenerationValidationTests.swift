import APICoreCodegen
import APICoreCompiler
import Foundation
import Testing

@Suite("Validation before generation")
struct GenerationValidationTests {
    static let sdl = "type Query { hero: Hero } type Hero { name: String! }"

    @Test("an invalid document fails with the validator's located diagnostics, before the IR is built")
    func invalidDocument() {
        #expect {
            try GeneratorHarness.generate(sdl: Self.sdl, operations: "query Hero {\n  hero { nickname }\n}")
        } throws: { error in
            let description = "\(error)"
            return description.hasPrefix(
                #"operations.graphql:2:10: error: Cannot query field "nickname" on type "Hero"."#)
        }
        #expect {
            try GeneratorHarness.generate(sdl: Self.sdl, operations: "query Hero($id: ID) { hero { name } }")
        } throws: { error in
            "\(error)".contains(#"operations.graphql:1:12: error: Variable "$id" is never used"#)
        }
    }

    @Test("a fragment no operation uses is allowed: it still generates its type")
    func unusedFragment() throws {
        let files = try GeneratorHarness.generate(
            sdl: Self.sdl, operations: "query Hero { hero { name } } fragment HeroName on Hero { name }")
        #expect(files.contains { $0.path == "Operations/HeroName.graphql.swift" })
    }

    @Test("a search path that matches nothing and a schema error are located diagnostics")
    func configurationAndSchemaErrors() {
        #expect {
            try GeneratorHarness.generate(sdl: "type Query { hero: Missing }", operations: "{ __typename }")
        } throws: { error in
            "\(error)".hasPrefix("schema.graphqls:1:20: error: ")
        }
        let configuration = CodegenConfiguration(
            schemaNamespace: "A", schemaSearchPaths: ["missing/*.graphqls"], operationSearchPaths: [],
            schemaTypesPath: "S", operationsPath: "O", baseDirectory: "/nonexistent-kit")
        #expect {
            try CodeGenerator().generate(configuration: configuration)
        } throws: { error in
            "\(error)".hasPrefix(
                #"/nonexistent-kit/apicore.json:1:1: error: The schema search path "missing/*.graphqls" matches no files."#
            )
        }
    }

    @Test("a @typePolicy naming a missing field, or conflicting interface policies, is a located error")
    func typePolicyErrors() {
        #expect {
            try GeneratorHarness.generate(
                sdl: "type Query { user: User }\ntype User @typePolicy(keyFields: \"id login\") { id: ID! }",
                operations: "query U { user { id } }")
        } throws: { error in
            "\(error)".hasPrefix(
                #"schema.graphqls:2:11: error: The @typePolicy key field "login" is not a field of "User"."#)
        }
        #expect {
            try GeneratorHarness.generate(
                sdl: """
                    interface A @typePolicy(keyFields: "id") { id: ID! }
                    interface B @typePolicy(keyFields: "key") { key: ID! }
                    type C implements A & B { id: ID! key: ID! }
                    type Query { c: C }
                    """,
                operations: "query C { c { id } }")
        } throws: { error in
            "\(error)".hasPrefix("schema.graphqls:2:13: error: \"C\" inherits different @typePolicy key fields")
        }
    }

    @Test("two anonymous operations in one file are a located error: the file can name only one")
    func twoAnonymousOperations() {
        #expect {
            try GeneratorHarness.generate(sdl: Self.sdl, operations: "{ hero { name } }\nquery { hero { name } }")
        } throws: { error in
            "\(error)".hasPrefix("operations.graphql:1:1: error: An anonymous operation must be alone in its file")
                && "\(error)".contains("operations.graphql:2:1")
        }
    }

    @Test("a search path that matches no files is reported where the configuration file writes it")
    func searchPathLocation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("ops"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("type Query { a: Int }".utf8).write(to: folder.appendingPathComponent("s.graphqls"))
        try Data("query A { a }".utf8).write(to: folder.appendingPathComponent("ops/A.graphql"))
        let text = """
            {"schemaNamespace": "A",
             "input": {"schemaSearchPaths": ["s.graphqls"], "operationSearchPaths": ["ops/*.graphql", "missing/**/*.graphql"]},
             "output": {"schemaTypes": {"path": "S"}, "operations": {"path": "O"}}}
            """
        let path = folder.appendingPathComponent("apicore.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try CodeGenerator().generate(configuration: CodegenConfiguration.load(from: path))
        } throws: { error in
            "\(error)".hasPrefix(
                "\(path):2:91: error: The operation search path \"missing/**/*.graphql\" matches no files.")
        }
    }
}
