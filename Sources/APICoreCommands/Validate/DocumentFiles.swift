import APICoreCompiler
import APICoreGenerateCommand
import ArgumentParser
import Foundation

/// Finds and reads the operation documents that `apicore validate` is given: files as named, and every `.graphql`
/// file inside folders, at any depth.
enum DocumentFiles {
    /// The extension of document files found in folders.
    static let documentExtension = "graphql"

    /// The document files of `paths`, in the order given, each folder's files sorted by path; a file reached twice is
    /// read once.
    static func collect(_ paths: [String]) throws(CommandFailure) -> [String] {
        var files: [String] = []
        var seen: Set<String> = []
        for path in paths {
            for file in try filesNamed(by: path)
            where seen.insert(URL(fileURLWithPath: file).standardized.path).inserted {
                files.append(file)
            }
        }
        guard !files.isEmpty else {
            throw CommandFailure(
                message: "error: no .graphql documents found in \(paths.map { "'\($0)'" }.joined(separator: ", "))",
                exitCode: ExitCode(2))
        }
        return files
    }

    /// The sources of `files`, named as given.
    static func read(_ files: [String]) throws(CommandFailure) -> [Source] {
        var sources: [Source] = []
        for file in files {
            sources.append(Source(name: file, text: try InputFile.text(at: file, role: "document")))
        }
        return sources
    }

    /// The path itself when it is a file; the `.graphql` files below it when it is a folder.
    private static func filesNamed(by path: String) throws(CommandFailure) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableFile(path, role: "document", reason: "no such file or folder")
        }
        guard isDirectory.boolValue else { return [path] }
        guard let enumerator = FileManager.default.enumerator(atPath: path) else {
            throw .unreadableFile(path, role: "document", reason: "the folder cannot be listed")
        }
        let relativePaths = enumerator.compactMap { $0 as? String }
            .filter { ($0 as NSString).pathExtension == documentExtension }
            .sorted()
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        return relativePaths.map { "\(folder)/\($0)" }
    }
}
