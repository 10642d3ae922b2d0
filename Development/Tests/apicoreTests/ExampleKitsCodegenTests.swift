import Foundation
import Testing

/// The feature kits' committed generated code (and the Xcode 26-defaults fixture's) is what `apicore generate` makes
/// of their operations and schema files today: CI fails when someone edits a `.graphql` file or the split schema
/// without regenerating.
@Suite("The example kits' generated code")
struct ExampleKitsCodegenTests {
    @Test(
        "apicore generate --check passes for each kit",
        arguments: ["Examples/UserKit", "Examples/ProductKit", "Tests/MainActorDefaults/App"])
    func upToDate(kit: String) async throws {
        let folder = SchemaChangeOracle.root.appendingPathComponent("Development/\(kit)")
        let result = try await APICoreExecutable.run(["generate", "--config", "apicore.json", "--check"], in: folder)
        #expect(
            result.status == 0,
            "run `apicore generate --config apicore.json` in Development/\(kit): \(result.output)\(result.error)")
        #expect(result.output.contains("up to date"))
    }
}
