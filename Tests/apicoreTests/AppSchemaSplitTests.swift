import Foundation
import Testing

/// The example app schema (`Examples/Schema`) and its committed split stay in step.
@Suite("The example app schema's split")
struct AppSchemaSplitTests {
    static let schemaFolder = SchemaChangeOracle.root.appendingPathComponent("Examples/Schema")
    static let files = ["shared-schema.graphqls", "users.graphqls", "products.graphqls"]

    @Test("re-running split-schema on app.graphqls reproduces the committed files byte for byte")
    func splitReproducesCommittedFiles() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-app-split-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for name in ["app.graphqls", "split.json"] {
            try FileManager.default.copyItem(
                at: Self.schemaFolder.appendingPathComponent(name), to: scratch.appendingPathComponent(name))
        }

        let result = try await APICoreExecutable.run(["split-schema", "--config", "split.json"], in: scratch)
        #expect(result.status == 0, "\(result.error)")

        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("Split").path)
        #expect(Set(written) == Set(Self.files))
        for name in Self.files {
            let committed = try Data(contentsOf: Self.schemaFolder.appendingPathComponent("Split/\(name)"))
            let fresh = try Data(contentsOf: scratch.appendingPathComponent("Split/\(name)"))
            #expect(fresh == committed, "Split/\(name) is stale: run `apicore split-schema --config split.json`")
        }
    }
}
