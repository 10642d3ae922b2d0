import APICoreTestSupport
import Foundation

/// One test's view of the reference server and its own files: a unique key, and documents written to a temporary
/// folder.
struct QueryFixture: Sendable {
    let server: ReferenceServer
    let key: String
    let directory: URL

    /// The strawberry server shared by the test process, a fresh key and a fresh folder.
    static func strawberry(_ label: String = #function) async throws -> QueryFixture {
        let server = try await ReferenceServer.shared(.strawberry)
        let key = "\(label.filter { $0.isLetter || $0.isNumber }.prefix(24))-\(UUID().uuidString.prefix(8))"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-query-\(key)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return QueryFixture(server: server, key: key, directory: directory)
    }

    /// Writes `text` to a file named `name` in the fixture's folder and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The URL of `path` on the server, as a string for `--endpoint`.
    func endpoint(_ path: String = "/graphql") -> String {
        server.url(path).absoluteString
    }

    /// Runs `apicore query` against `path` with `document` and extra arguments, sending the fixture's key.
    func query(
        _ document: String,
        path: String = "/graphql",
        _ arguments: [String] = []
    ) async throws -> CommandResult {
        let documentPath = try file("document-\(UUID().uuidString.prefix(8)).graphql", document)
        return try await APICoreExecutable.run(
            ["query", "--endpoint", endpoint(path), "--document", documentPath, "--header", "X-Test-Key: \(key)"]
                + arguments)
    }

    /// Removes the fixture's folder.
    func removeFiles() {
        try? FileManager.default.removeItem(at: directory)
    }
}
