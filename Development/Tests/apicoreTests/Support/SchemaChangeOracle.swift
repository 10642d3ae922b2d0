import APICoreGraphQL
import Foundation

/// graphql-core 3.2.8's `find_breaking_changes` and `find_dangerous_changes`, run from `<root>/.venv-oracle` (made
/// by `scripts/bootstrap-python.sh oracle`, once per test process) through `Tests/Oracle/schema_changes.py`.
///
/// A bootstrap that fails is a test failure, never a skip, with or without `CI=true`: without the oracle the
/// comparison proves nothing.
enum SchemaChangeOracle {
    /// One change as graphql-core reports it.
    struct Change: Hashable, Comparable, CustomStringConvertible {
        var type: String
        var description: String

        static func < (lhs: Change, rhs: Change) -> Bool {
            (lhs.type, lhs.description) < (rhs.type, rhs.description)
        }
    }

    /// `<root>`: this file is `<root>/Development/Tests/apicoreTests/Support/SchemaChangeOracle.swift`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    private static let bootstrap = Task<Void, any Error> {
        let script = root.appendingPathComponent("scripts/bootstrap-python.sh").path
        let result = try await APICoreExecutable.runProcess(
            URL(fileURLWithPath: "/bin/bash"), [script, "oracle"], in: root)
        guard result.status == 0 else {
            throw OracleError(description: "bootstrap-python.sh oracle failed (\(result.status)): \(result.error)")
        }
    }

    /// The breaking and dangerous changes graphql-core finds from `old` to `new` (SDL files).
    static func changes(from old: String, to new: String) async throws -> (breaking: [Change], dangerous: [Change]) {
        try await bootstrap.value
        let result = try await APICoreExecutable.runProcess(
            root.appendingPathComponent(".venv-oracle/bin/python"),
            [root.appendingPathComponent("Development/Tests/Oracle/schema_changes.py").path, old, new], in: root)
        guard result.status == 0, let json = result.json else {
            throw OracleError(description: "schema_changes.py failed (\(result.status)): \(result.error)")
        }
        return (changes(json["breaking"]), changes(json["dangerous"]))
    }

    /// The changes of a `[{"type", "description"}]` array (of our `--format json` output too).
    static func changes(_ value: JSONValue?) -> [Change] {
        (value?.arrayValue ?? []).map {
            Change(type: $0["type"]?.stringValue ?? "?", description: $0["description"]?.stringValue ?? "?")
        }
    }
}

/// The oracle could not be bootstrapped or run.
struct OracleError: Error, CustomStringConvertible {
    let description: String
}
