import Foundation
import Testing

/// The example app schema (`Examples/Schema`) and its committed split, one file in each feature kit's
/// `GraphQL/Schema` folder, stay in step.
@Suite("The example app schema's split")
struct AppSchemaSplitTests {
    static let examples = SchemaChangeOracle.root.appendingPathComponent("Development/Examples")
    /// Each split file, where it lives under `Examples`.
    static let files = [
        "SharedKit/GraphQL/Schema/shared-schema.graphqls", "UserKit/GraphQL/Schema/users.graphqls",
        "ProductKit/GraphQL/Schema/products.graphqls",
    ]

    @Test("re-running split-schema on app.graphqls writes each kit's committed schema file byte for byte")
    func splitReproducesCommittedFiles() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-app-split-\(UUID())")
        let schemaFolder = scratch.appendingPathComponent("Schema")
        try FileManager.default.createDirectory(at: schemaFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for name in ["app.graphqls", "split.json"] {
            try FileManager.default.copyItem(
                at: Self.examples.appendingPathComponent("Schema/\(name)"),
                to: schemaFolder.appendingPathComponent(name))
        }

        let result = try await APICoreExecutable.run(["split-schema", "--config", "split.json"], in: schemaFolder)
        #expect(result.status == 0, "\(result.error)")

        for path in Self.files {
            let committed = try Data(contentsOf: Self.examples.appendingPathComponent(path))
            let fresh = try Data(contentsOf: scratch.appendingPathComponent(path))
            #expect(
                fresh == committed,
                "\(path) is stale: run `apicore split-schema --config split.json` in Examples/Schema")
        }
        let kitFolders = ["SharedKit", "UserKit", "ProductKit"].map {
            scratch.appendingPathComponent("\($0)/GraphQL/Schema")
        }
        let written = try kitFolders.map { try FileManager.default.contentsOfDirectory(atPath: $0.path).count }
        #expect(written == [1, 1, 1], "each kit's folder holds its own file only")
    }
}
