import Foundation

/// Where the benchmarks find the repository's scripts and the shared corpus.
struct BenchmarkPaths: Sendable {
    /// The repository root: this file is `<root>/Development/Benchmarks/APICoreBenchmarks/BenchmarkPaths.swift`.
    var root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The shared corpus; `<root>/../shared/corpus` unless `--corpus` says otherwise.
    var corpus: URL?

    /// The corpus folder in use.
    var corpusFolder: URL {
        corpus ?? root.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// A corpus file's URL.
    func corpus(_ relativePath: String) -> URL {
        corpusFolder.appendingPathComponent(relativePath)
    }

    /// The text of a corpus file.
    func corpusText(_ relativePath: String) throws -> String {
        try String(contentsOf: corpus(relativePath), encoding: .utf8)
    }

    /// The bytes of a corpus file.
    func corpusData(_ relativePath: String) throws -> Data {
        try Data(contentsOf: corpus(relativePath))
    }

    /// A new empty folder under the temporary directory; the caller removes it.
    static func scratchFolder(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
