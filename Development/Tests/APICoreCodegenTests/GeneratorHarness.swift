import APICoreCodegen
import APICoreCompiler
import Foundation
import Testing

/// Generates code for small inline schemas and documents, and compares it with snapshot files beside the tests.
enum GeneratorHarness {
    /// The files generated for `sdl` and `operations`, paths relative to `Schema/` and `Operations/`.
    static func generate(
        sdl: String,
        operations: String,
        namespace: String = "TestAPI",
        customScalars: [String: String] = [:],
        accessLevel: CodegenConfiguration.AccessLevel = .public,
        fieldPolicies: [FieldPolicyOption] = [],
        testMocks: CodegenConfiguration.TestMocksOptions? = nil,
        addsKeyFields: Bool = true
    ) throws -> [GeneratedFile] {
        let schema = try GraphQLSchema.build(from: [Source(name: "schema.graphqls", text: sdl)])
        let document = try Parser.parse(Source(name: "operations.graphql", text: operations))
        var configuration = CodegenConfiguration(
            schemaNamespace: namespace, schemaSearchPaths: [], operationSearchPaths: [], schemaTypesPath: "Schema",
            operationsPath: "Operations", customScalars: customScalars, accessLevel: accessLevel, baseDirectory: "")
        configuration.fieldPolicies = fieldPolicies
        configuration.testMocks = testMocks
        configuration.addsKeyFields = addsKeyFields
        return try CodeGenerator().generate(schema: schema, documents: [document], configuration: configuration)
    }

    /// The contents of the generated file at `path`.
    static func file(_ path: String, in files: [GeneratedFile]) -> String {
        files.first { $0.path == path }?.contents ?? ""
    }

    /// Compares `files` with `Tests/Fixtures/CodegenSnapshots/<name>.txt`; records it when `APICORE_RECORD_SNAPSHOTS=1`, fails when missing.
    static func assertSnapshot(
        _ files: [GeneratedFile], named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let text = files.map { "// FILE: \($0.path)\n\($0.contents)" }.joined(separator: "\n")
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/CodegenSnapshots")
        let url = folder.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["APICORE_RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            return
        }
        guard let recorded = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "Missing snapshot \(url.path); record it with APICORE_RECORD_SNAPSHOTS=1.",
                sourceLocation: sourceLocation)
            return
        }
        #expect(
            String(decoding: recorded, as: UTF8.self) == text, "snapshot \(name) differs",
            sourceLocation: sourceLocation)
    }
}
