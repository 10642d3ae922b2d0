import Foundation

/// A new folder in the system's temporary directory, removed with everything in it when the value is released.
final class TemporaryDirectory: Sendable {
    /// The folder.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A file in the folder.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }
}
