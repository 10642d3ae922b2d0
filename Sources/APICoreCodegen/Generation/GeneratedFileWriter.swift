import APICoreCompiler
import Foundation

/// Writes generated files into their folders, or checks that the folders are up to date.
///
/// The writer owns the files in its folders that start with ``GeneratedFile/marker``: it replaces them, and removes
/// those the generator no longer produces. Each file is written atomically (to a temporary file, then renamed), and
/// only after generation has succeeded, so an error never leaves a half-written output folder.
public struct GeneratedFileWriter: Sendable {
    /// What a write or a check found.
    public struct Report: Sendable, Hashable {
        /// Files created or changed (or, for a check, that would be).
        public var written: [String] = []
        /// Generated files removed (or, for a check, that would be).
        public var removed: [String] = []

        /// Whether nothing had to change.
        public var isUpToDate: Bool { written.isEmpty && removed.isEmpty }
    }

    /// The folders whose generated files the writer owns.
    public var folders: [String]

    /// A writer owning the generated files in `folders`.
    public init(folders: [String]) {
        self.folders = folders
    }

    /// What `write` would change, without changing anything: the `--check` mode.
    public func check(_ files: [GeneratedFile]) -> Report {
        var report = Report()
        for file in files where FileManager.default.contents(atPath: file.path) != Data(file.contents.utf8) {
            report.written.append(file.path)
        }
        report.removed = staleFiles(keeping: files)
        return report
    }

    /// Writes the files that changed and removes generated files no longer produced.
    public func write(_ files: [GeneratedFile]) throws(CompilerError) -> Report {
        let report = check(files)
        let changed = Set(report.written)
        for file in files where changed.contains(file.path) {
            let folder = (file.path as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: URL(fileURLWithPath: file.path), options: .atomic)
            } catch {
                throw failure("Cannot write \(file.path): \(error.localizedDescription)", at: file.path)
            }
        }
        for path in report.removed {
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw failure("Cannot remove the stale file \(path): \(error.localizedDescription)", at: path)
            }
        }
        return report
    }

    /// The generated files in the folders that are not among `files`, sorted.
    private func staleFiles(keeping files: [GeneratedFile]) -> [String] {
        let kept = Set(files.map { ($0.path as NSString).standardizingPath })
        var stale: [String] = []
        for folder in folders {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() where name.hasSuffix(".swift") {
                let path = (folder as NSString).appendingPathComponent(name)
                guard !kept.contains((path as NSString).standardizingPath), isGenerated(path) else { continue }
                stale.append(path)
            }
        }
        return stale
    }

    private func isGenerated(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: GeneratedFile.marker.utf8.count)) ?? Data()
        return start == Data(GeneratedFile.marker.utf8)
    }

    private func failure(_ message: String, at path: String) -> CompilerError {
        CompilerError(
            Diagnostic(
                .error, message, at: [SourceLocation(file: path, line: 1, column: 1, offset: 0)], rule: "FileOutput"))
    }
}
