import Foundation
import Testing

/// The feature kits' committed generated code is what `apicore generate` makes of their operations and schema files
/// today: CI fails when someone edits a `.graphql` file or the split schema without regenerating.
@Suite("The example kits' generated code")
struct ExampleKitsCodegenTests {
    @Test("apicore generate --check passes for each kit", arguments: ["UserKit", "ProductKit"])
    func upToDate(kit: String) async throws {
        let folder = SchemaChangeOracle.root.appendingPathComponent("Development/Examples/\(kit)")
        let result = try await APICoreExecutable.run(["generate", "--config", "apicore.json", "--check"], in: folder)
        #expect(
            result.status == 0,
            "run `apicore generate --config apicore.json` in Examples/\(kit): \(result.output)\(result.error)")
        #expect(result.output.contains("up to date"))
    }
}
