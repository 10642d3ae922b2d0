import Foundation

/// The shared corpus of real schemas and operations: `<package root>/../shared/corpus`.
enum Corpus {
    /// The corpus folder, derived from this file's path (`<root>/Tests/APICoreCompilerTests/Parsing/Corpus.swift`).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")

    /// The paths, relative to the corpus, of every `.graphql` and `.graphqls` file, sorted; empty when the corpus is
    /// missing (tests then fail on that).
    static let documentPaths: [String] = {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".graphql") || $0.hasSuffix(".graphqls") }
            .sorted()
    }()

    /// The text of a corpus file.
    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}
