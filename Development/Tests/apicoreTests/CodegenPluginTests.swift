import APICoreTestSupport
import Foundation
import Testing

/// `APICoreCodegenPlugin` in a small package of its own, which builds APICoreKit from this checkout: minutes on a
/// shared machine, so only when `APICORE_BUILD_FIXTURES=1`.
// Minutes of building: see PackageBuilds for when it runs.
@Suite(
    "Codegen build plugin",
    .enabled(if: PackageBuilds.areEnabled))
struct CodegenPluginTests {
    /// The library package, the repository root.
    static let root = RepositoryLayout.root

    @Test("apicore.json, then apollo-codegen-config.json: generated code compiles, regenerated on each change")
    func regeneratesAfterAnOperationChanges() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apicore-plugin-\(UUID().uuidString)")
        let target = folder.appendingPathComponent("Sources/PluginCheck")
        try FileManager.default.createDirectory(
            at: target.appendingPathComponent("ops"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let identity = Self.root.lastPathComponent.lowercased()
        let files = [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "PluginCheck",
                platforms: [.macOS(.v14)],
                dependencies: [.package(path: "\(Self.root.path)")],
                targets: [
                    .executableTarget(
                        name: "PluginCheck",
                        dependencies: [.product(name: "APICoreGraphQL", package: "\(identity)")],
                        exclude: ["apicore.json", "apollo-codegen-config.json", "schema.graphqls", "ops"],
                        plugins: [.plugin(name: "APICoreCodegenPlugin", package: "\(identity)")])
                ]
            )
            """,
            "Sources/PluginCheck/apicore.json": """
            {"schemaNamespace": "CheckAPI",
             "input": {"schemaSearchPaths": ["schema.graphqls"], "operationSearchPaths": ["ops/*.graphql"]},
             "output": {"schemaTypes": {"path": "Schema"}, "operations": {"path": "Operations"}}}
            """,
            "Sources/PluginCheck/schema.graphqls": "type Query { hero: Hero } type Hero { id: ID! name: String! }",
            "Sources/PluginCheck/ops/Hero.graphql": "query Hero { hero { name } }",
            "Sources/PluginCheck/main.swift": "print(HeroQuery.document)\n",
        ]
        for (path, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(path))
        }
        let first = try await PackageBuilds.swift(["run", "PluginCheck"], in: folder)
        #expect(first.status == 0)
        // The document sent selects the hero's key, `id`, too.
        #expect(first.text == "query Hero { hero { __typename id name } }\n")
        try Data("query Hero { hero { id } }".utf8).write(to: target.appendingPathComponent("ops/Hero.graphql"))
        let second = try await PackageBuilds.swift(["run", "PluginCheck"], in: folder)
        #expect(second.status == 0)
        #expect(second.text == "query Hero { hero { __typename id } }\n")

        // Without apicore.json, the plugin reads Apollo's configuration (its default search paths: the whole target).
        try FileManager.default.removeItem(at: target.appendingPathComponent("apicore.json"))
        let apollo = """
            {"schemaNamespace": "CheckAPI",
             "output": {"schemaTypes": {"path": "Generated", "moduleType": {"embeddedInTarget": {"name": "PluginCheck"}}},
                        "operations": {"inSchemaModule": {}}}}
            """
        try Data(apollo.utf8).write(to: target.appendingPathComponent("apollo-codegen-config.json"))
        try Data("query Hero { hero { name } }".utf8).write(to: target.appendingPathComponent("ops/Hero.graphql"))
        let third = try await PackageBuilds.swift(["run", "PluginCheck"], in: folder)
        #expect(third.status == 0)
        #expect(third.text == "query Hero { hero { __typename id name } }\n")
    }
}
