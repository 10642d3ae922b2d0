import Foundation

/// The shared corpus and a temporary folder of documents, for the `apicore validate` tests.
struct ValidateFixture: Sendable {
    /// `<root>/../shared/corpus`: this file is `<root>/Tests/apicoreTests/Support/ValidateFixture.swift`.
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")

    /// The path of a corpus file or folder.
    static func corpus(_ relativePath: String) -> String {
        corpus.appendingPathComponent(relativePath).path
    }

    /// A fresh temporary folder.
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("apicore-validate-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` in the folder and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The path of `name` in the folder (which may not exist).
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Removes the folder.
    func removeFiles() {
        try? FileManager.default.removeItem(at: directory)
    }
}
